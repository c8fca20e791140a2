import type { PageContext } from 'vike/types'
import { COMPANY } from '../domain/business.ts'
import { resolveHead } from './types.ts'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for an HTML attribute or element body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The <head> tags of a page: title, description, canonical, social cards, icons, structured data. */
export function headTags(pageContext: PageContext): string {
  const title = resolveHead(pageContext.config.title, pageContext) ?? COMPANY.brand
  const description = resolveHead(pageContext.config.description, pageContext) ?? ''
  const origin = pageContext.siteUrl ?? ''
  const is404 = pageContext.is404 === true || (pageContext.abortStatusCode ?? 200) >= 400
  const canonical = `${origin}${pageContext.urlParsed?.pathname ?? '/'}${canonicalSearch(pageContext)}`
  const image = `${origin}/images/og-image.png`
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="theme-color" content="#2a1a10" />`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="/images/apple-touch-icon.png" />`,
    `<link rel="manifest" href="/site.webmanifest" />`,
  ]
  if (pageContext.config.noindex || is404) tags.push(`<meta name="robots" content="noindex" />`)
  if (!is404) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(COMPANY.legalName)}" />`,
      `<meta property="og:locale" content="en_GB" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    )
  }
  const jsonLd = pageContext.config.jsonLd?.(pageContext)
  if (jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`)
  const preload = pageContext.config.preloadImage?.(pageContext)
  if (preload) tags.push(`<link rel="preload" as="image" href="${escapeHtml(preload)}" fetchpriority="high" />`)
  return tags.join('\n    ')
}

/** Only the category filter is a distinct page for search engines; other parameters are not. */
function canonicalSearch(pageContext: PageContext): string {
  const category = pageContext.urlParsed?.search?.category
  return pageContext.urlParsed?.pathname === '/products' && category && ['footwear', 'bags', 'belts'].includes(category)
    ? `?category=${category}`
    : ''
}
