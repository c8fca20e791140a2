import type { RequestHandler } from 'express'
import helmet from 'helmet'
import { isPaymentLink } from '../../domain/payment-link.ts'
import { isPublished } from '../../domain/publishing.ts'

/** The products and a number that moves whenever they change (the store). */
type Catalogue = {
  readonly products: readonly { paymentLink: string; status?: 'draft' | 'published' }[]
  readonly productsVersion: number
}

/**
 * The most the payment pages' origins may take of the security header, in characters. It goes with
 * every answer, and a proxy refuses an answer whose headers outgrow its buffer (nginx's default is
 * 4 KB): with this, the whole header stays under 1.5 KB however many products and hosts the file holds.
 */
export const PAYMENT_ORIGINS_BUDGET = 1024

/**
 * What forms may lead on to when the origins would not fit: any https page. Still correct, as every
 * payment link is https://, and only a shop with dozens of payment hosts, or very long ones, gets it.
 */
export const ANY_HTTPS_PAGE = 'https:'

/**
 * The origins of the valid payment links, worked out again only when the products change; past the
 * budget, ANY_HTTPS_PAGE alone. A wrong link is left out rather than refused by helmet: one product's
 * value never takes the site down. A draft takes no order, so its link is not named to visitors.
 */
export function paymentOriginsOf(store: Catalogue): () => readonly string[] {
  let known: { version: number; origins: string[] } | undefined
  return () => {
    if (known?.version !== store.productsVersion) {
      let products: Catalogue['products']
      try {
        products = store.products
      } catch {
        // The catalogue cannot be read: the page itself answers with the error page.
        return known?.origins ?? []
      }
      const origins = new Set(
        products
          .filter((p) => isPublished(p) && isPaymentLink(p.paymentLink))
          .map((p) => new URL(p.paymentLink).origin),
      )
      const sorted = [...origins].sort()
      const fits = sorted.join(' ').length <= PAYMENT_ORIGINS_BUDGET
      known = { version: store.productsVersion, origins: fits ? sorted : [ANY_HTTPS_PAGE] }
    }
    return known.origins
  }
}

/**
 * No inline script (props travel in data attributes, JSON-LD is not run); forms lead
 * on only to payment pages; off in development, where Vite injects inline scripts.
 */
export function securityHeaders({
  isProduction,
  paymentOrigins = () => [],
}: {
  isProduction: boolean
  paymentOrigins?: () => readonly string[]
}): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: isProduction
        ? {
            useDefaults: false,
            directives: {
              'default-src': ["'self'"],
              'script-src': ["'self'"],
              'style-src': ["'self'", "'unsafe-inline'"],
              'img-src': ["'self'", 'data:', 'blob:'],
              'font-src': ["'self'"],
              'connect-src': ["'self'"],
              'manifest-src': ["'self'"],
              'frame-ancestors': ["'none'"],
              // Our own forms, and where a product's order form is sent on to: browsers check a post's
              // redirect against this too, so the payment links' origins (from the catalogue) are allowed.
              'form-action': ["'self'", () => paymentOrigins().join(' ')],
              'base-uri': ["'self'"],
              'object-src': ["'none'"],
              'upgrade-insecure-requests': null,
            },
          }
        : false,
      // The payment link opens in a new tab; it needs no access back to us.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false, // set by the TLS-terminating proxy, which knows whether HTTPS is on
    }),
    (_req, res, next) => {
      res.setHeader(
        'Permissions-Policy',
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      )
      next()
    },
  ]
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Without Sec-Fetch-Site or Origin (curl, scripts) there are no
 * ambient browser credentials to abuse, so it is let through.
 */
export function refuseCrossSite({ siteUrl }: { siteUrl: string | undefined }): RequestHandler {
  const siteHost = siteUrl ? new URL(siteUrl).host : undefined
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const fetchSite = req.get('sec-fetch-site')
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return refuse(res)
    const origin = req.get('origin')
    if (origin && !fetchSite) {
      let host: string | undefined
      try {
        host = new URL(origin).host
      } catch {
        return refuse(res)
      }
      // req.host reads X-Forwarded-Host only from a proxy TRUST_PROXY names: anyone can send the header.
      const ownHosts = [req.get('host'), req.host, siteHost].filter(Boolean)
      if (origin === 'null' || !ownHosts.includes(host)) return refuse(res)
    }
    next()
  }
}

function refuse(res: Parameters<RequestHandler>[1]) {
  res.status(403).json({ error: 'This request came from another website and was refused.' })
}

/** An answer kept by no cache, shared or not, and by no search engine: the owner's, or one visitor's own. */
export function privateAnswer(res: Parameters<RequestHandler>[1]): void {
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Robots-Tag', 'noindex')
}
