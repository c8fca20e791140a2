import escapeHtml from 'escape-html'
import { Router, type Request, type Response } from 'express'
import type { CatalogueHistory } from '../../data/catalogue-history.server.ts'
import type { Store } from '../../data/store.server.ts'
import { CATEGORIES, type CategoryFilter } from '../../domain/business.ts'
import { filterHref, productPath, productsIn } from '../../domain/catalogue.ts'
import type { DeliveryTerms } from '../../domain/merchant-listing.ts'
import { productFeed } from '../../domain/product-feed.ts'
import type { PhotoFormats } from '../../domain/product-image.ts'
import { listingImagesOf } from '../../domain/product-page.ts'
import type { StoredProduct } from '../../domain/product.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import type { ResponseCache } from '../cache/response-cache.server.ts'
import { lastChanged, type LastChanged } from './last-changed.server.ts'

/** The product feed for shopping listings (Merchant Center), beside the sitemap. */
export const FEED_PATH = '/products.xml'

/** Every page a search engine should know: the static pages and each catalogue filter. */
export const SITEMAP_PATHS = [
  '/',
  '/products',
  ...CATEGORIES.map((c) => `/products?category=${c}`),
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/returns',
]

const lastmod = (day: string | undefined) => (day ? `<lastmod>${escapeHtml(day)}</lastmod>` : '')

/** The catalogue's lists among the sitemap's pages: each is left out while it shows no product. */
const LISTS: ReadonlyMap<string, CategoryFilter> = new Map(
  (['all', ...CATEGORIES] as const).map((filter) => [filterHref(filter), filter]),
)

/**
 * The day a fixed page changed is not known; a list's is the last change of a product shown on it.
 * An empty list is no entry (its page says noindex).
 */
function pageEntry(origin: string, path: string, changed: LastChanged, shown: readonly StoredProduct[]): string[] {
  const list = LISTS.get(path)
  if (list && productsIn(shown, list).length === 0) return []
  return [`  <url><loc>${escapeHtml(origin + path)}</loc>${lastmod(list ? changed.listing(list) : undefined)}</url>`]
}

/** escape-html's entities are valid XML too: one escaper for the mail and the sitemap. */
function productEntry(origin: string, product: StoredProduct, changed: LastChanged, formats: PhotoFormats): string {
  const images = listingImagesOf(product, origin, { formats }).map(
    (src) => `<image:image><image:loc>${escapeHtml(src)}</image:loc></image:image>`,
  )
  const loc = `<loc>${escapeHtml(origin + productPath(product))}</loc>`
  return `  <url>${loc}${lastmod(changed.product(product))}${images.join('')}</url>`
}

/**
 * Made once per catalogue version and kept compressed by the response cache, with an ETag;
 * the feed is revalidated on every fetch, as pages are.
 */
export function seoRouter({
  siteUrl,
  store,
  responses,
  history,
  photoFormats,
  delivery,
}: {
  siteUrl: string | undefined
  store: Pick<Store, 'products'>
  responses: ResponseCache
  history: Pick<CatalogueHistory, 'all'>
  photoFormats: PhotoFormats
  delivery: DeliveryTerms
}): Router {
  // One spelling each, as the pages have: /Sitemap.xml is no second copy of the sitemap.
  const router = Router({ caseSensitive: true })
  const origin = (req: Request) => siteUrl ?? `${req.protocol}://${req.get('host')}`
  const xml = (res: Response, type: string, cacheControl: string) => {
    res.setHeader('Content-Type', `${type}; charset=utf-8`)
    res.setHeader('Cache-Control', cacheControl)
  }

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
          // An RSS feed is a sitemap too; shopping listings read it as their product feed.
          `Sitemap: ${origin(req)}${FEED_PATH}`,
          '',
        ].join('\n'),
      ),
    )
  })

  router.get('/sitemap.xml', async (req, res, next) => {
    try {
      // Read before the cache is asked: the history is read from disk once, then kept in memory.
      const changed = lastChanged(await history.all())
      xml(res, 'application/xml', 'public, max-age=3600')
      responses.sendShared(req, res, () => {
        const here = origin(req)
        const shown = publishedProducts(store.products)
        const urls = SITEMAP_PATHS.flatMap((p) => pageEntry(here, p, changed, shown))
        const products = shown.map((p) => productEntry(here, p, changed, photoFormats))
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
    } catch (err) {
      next(err)
    }
  })

  router.get(FEED_PATH, (req, res) => {
    xml(res, 'application/rss+xml', 'no-cache')
    responses.sendShared(req, res, () =>
      Buffer.from(
        productFeed(store.products, { origin: origin(req), terms: delivery, formats: photoFormats, today: new Date() }),
      ),
    )
  })
  return router
}
