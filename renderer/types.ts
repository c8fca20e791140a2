import type { PageContext } from 'vike/types'

/** A page's title or description: fixed, or worked out from the page context (the 404 page, say). */
export type HeadValue = string | ((pageContext: PageContext) => string)

declare global {
  namespace Vike {
    interface Config {
      /** The page's <title> (https://vike.dev/meta: a custom setting of our renderer). */
      title?: HeadValue
      /** The page's meta description. */
      description?: HeadValue
      /** Pages that must not be indexed by search engines (admin). */
      noindex?: boolean
      /** Structured data (JSON-LD) for the page, rendered into <head>. */
      jsonLd?: (pageContext: PageContext) => object | undefined
      /** The page's largest image, preloaded so it paints first. */
      preloadImage?: (pageContext: PageContext) => string | undefined
    }
    interface PageContext {
      Page?: () => React.JSX.Element
      /** Set by our Express handler on the server; never sent to the browser. */
      store?: import('../data/store.server.ts').Store
      /** The public origin for canonical and Open Graph URLs (SITE_URL or the request's own). */
      siteUrl?: string
      /**
       * Server only, set for /admin by the server's owner check for this one request: who is asking,
       * and for the owner whether generation is set up and the daily allowance. Without it the page refuses.
       */
      imageAdmin?: import('../domain/image-generation.ts').AdminPageState
    }
  }
}

export function resolveHead(value: HeadValue | undefined, pageContext: PageContext): string | undefined {
  return typeof value === 'function' ? value(pageContext) : value
}
