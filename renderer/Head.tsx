import type { PageContextServer } from 'vike/types'
import { COMPANY } from '../domain/business.ts'
import { BRAND_CARD_ALT, BRAND_CARD_URL, SOCIAL_IMAGE } from '../domain/social-image.ts'
import { canonicalUrl } from './canonical.ts'
import { jsonForScript } from './json-for-script.ts'
import { resolveHead, type SocialImage } from './types.ts'

const DEFAULT_SOCIAL_IMAGE: SocialImage = { url: BRAND_CARD_URL, ...SOCIAL_IMAGE, alt: BRAND_CARD_ALT }

/** React escapes every value; only the CSS and the JSON-LD are written raw (both made safe for their element). */
export function Head({ pageContext }: { pageContext: PageContextServer }) {
  const title = resolveHead(pageContext.config.title, pageContext) ?? COMPANY.brand
  const description = resolveHead(pageContext.config.description, pageContext) ?? ''
  const origin = pageContext.siteUrl ?? ''
  const isError =
    pageContext.is404 === true || (pageContext.abortStatusCode ?? 200) >= 400 || pageContext.errorWhileRendering != null
  const { noindex } = pageContext.config
  const unlisted = typeof noindex === 'function' ? noindex(pageContext) : noindex === true
  const canonical = canonicalUrl(pageContext)
  const image = pageContext.config.socialImage?.(pageContext) ?? DEFAULT_SOCIAL_IMAGE
  const imageUrl = image.url.startsWith('http') ? image.url : `${origin}${image.url}`
  const jsonLd = pageContext.config.jsonLd?.(pageContext)
  const preload = pageContext.config.preloadImage?.(pageContext)
  const preloadImage = typeof preload === 'string' ? { href: preload } : preload
  // Vike lists cumulative values from the page's own to the renderer's: the site-wide CSS goes first.
  const styles = [...(pageContext.config.styles ?? [])].reverse()
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="theme-color" content="#2a1a10" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/images/apple-touch-icon.png" />
      <link rel="manifest" href="/site.webmanifest" />
      {unlisted || isError ? <meta name="robots" content="noindex" /> : null}
      {isError ? null : (
        <>
          <link rel="canonical" href={canonical} />
          <meta property="og:type" content={pageContext.config.socialType ?? 'website'} />
          <meta property="og:site_name" content={COMPANY.legalName} />
          <meta property="og:locale" content="en_GB" />
          <meta property="og:title" content={title} />
          <meta property="og:description" content={description} />
          <meta property="og:url" content={canonical} />
          <meta property="og:image" content={imageUrl} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
          <meta name="twitter:card" content="summary_large_image" />
          <meta name="twitter:title" content={title} />
          <meta name="twitter:description" content={description} />
          <meta name="twitter:image" content={imageUrl} />
          <meta name="twitter:image:alt" content={image.alt} />
        </>
      )}
      {preloadImage ? (
        <link
          rel="preload"
          as="image"
          href={preloadImage.href}
          imageSrcSet={preloadImage.srcSet}
          imageSizes={preloadImage.sizes}
          type={preloadImage.type}
          fetchPriority="high"
        />
      ) : null}
      {styles.map((css, i) => (
        // `</style` cannot appear inside a style element; in CSS `<\/style` means the same.
        <style key={i} dangerouslySetInnerHTML={{ __html: css.replaceAll('</style', '<\\/style') }} />
      ))}
      {(Array.isArray(jsonLd) ? jsonLd : jsonLd ? [jsonLd] : []).map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
    </>
  )
}
