import type { PageContext } from 'vike/types'

/** A page's title or description: fixed, or worked out from the page context (the 404 page, say). */
export type HeadValue = string | ((pageContext: PageContext) => string)

export type SocialImage = { url: string; width: number; height: number; alt?: string }

declare global {
  namespace Vike {
    interface Config {
      /** The page's <title> (https://vike.dev/meta: a custom setting of our renderer). */
      title?: HeadValue
      description?: HeadValue
      /** Kept out of search engines' results: always, or when the page says so (an empty list). */
      noindex?: boolean | ((pageContext: PageContext) => boolean)
      /** Server only: may read the services (the delivery terms, the photographs' formats). */
      jsonLd?: (pageContext: import('vike/types').PageContextServer) => object | object[] | undefined
      /** The page's largest image, fetched first: its address, or the candidates its <picture> offers. */
      preloadImage?: (
        pageContext: PageContext,
      ) => string | import('../components/product-image.ts').ImagePreload | undefined
      socialImage?: (pageContext: PageContext) => SocialImage | undefined
      socialType?: string
      /** The page's CSS, compiled by Vite (`import css from './x.scss?inline'`), inlined into its head. */
      styles?: string
      /** Server only, read for every page before any render: the query parameters the page reads. */
      query?: import('../domain/page-query.ts').PageQuery
      /**
       * Server only: which values of the route's parameters name
       * something (the rest answer 404), known without rendering.
       */
      paramsExist?: (
        routeParams: Readonly<Record<string, string>>,
        store: import('../data/store.server.ts').Store,
      ) => boolean
    }
    interface ConfigResolved {
      styles?: string[]
    }
    // The project's own fields, set by the page render (server/render/page-handler.server.ts) and nowhere else.
    interface PageContext {
      /** The site's origin for absolute addresses: SITE_URL, or the request's own without it. */
      siteUrl?: string
    }
    interface PageContextServer {
      /** The server's long-lived parts, from which each page's `+data` builds what it shows (never sent on). */
      services: import('../server/services.server.ts').Services
      /** Who asks, on the owner's addresses alone (the owner check's answer; pages/admin/+guard.ts reads it). */
      owner?: import('../domain/owner.ts').OwnerAccess
      /** What a refused form brought back to this page, by form: its messages and what was typed. */
      form?: Partial<import('../domain/form-results.ts').FormResults>
    }
  }
}

export function resolveHead(value: HeadValue | undefined, pageContext: PageContext): string | undefined {
  return typeof value === 'function' ? value(pageContext) : value
}
