import escapeHtml from 'escape-html'
import { Router, type Request } from 'express'
import type { Store } from '../../data/store.server.ts'
import { CATEGORIES } from '../../domain/business.ts'
import { productPath } from '../../domain/catalogue.ts'
import { galleryOf } from '../../domain/product-page.ts'
import type { StoredProduct } from '../../domain/product.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import type { ResponseCache } from '../cache/response-cache.server.ts'

/** Every page a search engine should know: the static pages and each catalogue filter. */
export const SITEMAP_PATHS = [
  '/',
  '/products',
  ...CATEGORIES.map((c) => `/products?category=${c}`),
  '/terms',
  '/privacy',
  '/cookies',
  '/returns',
]

const absolute = (origin: string, src: string) => (/^https?:\/\//.test(src) ? src : origin + src)

/** escape-html's entities are valid XML too: one escaper for the mail and the sitemap. */
function productEntry(origin: string, product: StoredProduct): string {
  const lastmod = product.imagesGeneratedAt
    ? `<lastmod>${escapeHtml(product.imagesGeneratedAt.slice(0, 10))}</lastmod>`
    : ''
  const images = galleryOf(product).map(
    (i) => `<image:image><image:loc>${escapeHtml(absolute(origin, i.src))}</image:loc></image:image>`,
  )
  return `  <url><loc>${escapeHtml(origin + productPath(product))}</loc>${lastmod}${images.join('')}</url>`
}

/** Made once per catalogue version and kept compressed by the response cache. */
export function seoRouter({
  siteUrl,
  store,
  responses,
}: {
  siteUrl: string | undefined
  store: Pick<Store, 'products'>
  responses: ResponseCache
}): Router {
  const router = Router()
  const origin = (req: Request) => siteUrl ?? `${req.protocol}://${req.get('host')}`

  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=86400')
    responses.sendShared(req, res, () =>
      Buffer.from(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /admin',
          'Disallow: /api/',
          '',
          `Sitemap: ${origin(req)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
    )
  })

  router.get('/sitemap.xml', (req, res) => {
    res.setHeader('Content-Type', 'application/xml; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=3600')
    responses.sendShared(req, res, () => {
      const here = origin(req)
      const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${escapeHtml(here + p)}</loc></url>`)
      const products = publishedProducts(store.products).map((p) => productEntry(here, p))
      return Buffer.from(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
            'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
          ...urls,
          ...products,
          '</urlset>',
          '',
        ].join('\n'),
      )
    })
  })
  return router
}
