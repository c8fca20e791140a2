import { Router, type Request } from 'express'
import { CATEGORIES } from '../../domain/business.ts'
import type { ResponseCache } from '../page-cache.server.ts'

/** Every page a search engine should know: the static pages and each catalogue filter. */
export const SITEMAP_PATHS = ['/', '/products', ...CATEGORIES.map((c) => `/products?category=${c}`), '/terms', '/privacy', '/cookies', '/returns']

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * /robots.txt and /sitemap.xml, with absolute URLs from SITE_URL (or the request's own origin), made
 * once and kept compressed by the response cache.
 */
export function seoRouter({ siteUrl, responses }: { siteUrl: string | undefined; responses: ResponseCache }): Router {
  const router = Router()
  const origin = (req: Request) => siteUrl ?? `${req.protocol}://${req.get('host')}`

  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=86400')
    responses.sendShared(req, res, () => Buffer.from(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${origin(req)}/sitemap.xml`, ''].join('\n')))
  })

  router.get('/sitemap.xml', (req, res) => {
    res.setHeader('Content-Type', 'application/xml; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=3600')
    responses.sendShared(req, res, () => {
      const urls = SITEMAP_PATHS.map((p) => `  <url><loc>${xmlEscape(origin(req) + p)}</loc></url>`)
      return Buffer.from(['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n'))
    })
  })
  return router
}
