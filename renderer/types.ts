import type { PageContext } from 'vike/types'

/** A page's title or description: fixed, or worked out from the page context (the 404 page, say). */
export type HeadValue = string | ((pageContext: PageContext) => string)

/** An image a page shares on social media (Open Graph, Twitter): absolute or site-relative URL. */
export type SocialImage = { url: string; width: number; height: number; alt?: string }

declare global {
  namespace Vike {
    interface Config {
      /** The page's <title> (https://vike.dev/meta: a custom setting of our renderer). */
      title?: HeadValue
      /** The page's meta description. */
      description?: HeadValue
      /** Pages that must not be indexed by search engines (admin). */
      noindex?: boolean
      /** Structured data (JSON-LD) for the page, rendered into <head>: one object or several. */
      jsonLd?: (pageContext: PageContext) => object | object[] | undefined
      /** The page's largest image, preloaded so it paints first. */
      preloadImage?: (pageContext: PageContext) => string | undefined
      /** The image shown when the page is shared (Open Graph, Twitter); the site's card otherwise. */
      socialImage?: (pageContext: PageContext) => SocialImage | undefined
      /** Open Graph type: 'website' unless the page says otherwise ('product'). */
      socialType?: string
      /** The page's CSS, compiled by Vite (`import css from './x.scss?inline'`), inlined into its head. */
      styles?: string
    }
    interface ConfigResolved {
      styles?: string[]
    }
    interface PageContext {
      Page?: () => React.JSX.Element
      /** Set by our Express handler on the server; never sent to the browser. */
      store?: import('../data/store.server.ts').Store
      /** The public origin for canonical and Open Graph URLs (SITE_URL or the request's own). */
      siteUrl?: string
      /** Server only: whether OPENAI_API_KEY is set, so /admin can say so in its first paint. */
      imageGenerationConfigured?: boolean
      /** Set by the server when rendering /contact after a no-JS post that needs correcting. */
      contactForm?: import('../domain/contact-fields.ts').ContactFormState
      /** Set by the server when rendering a product's order form after a no-JS post that needs correcting. */
      orderForm?: import('../domain/order.ts').OrderFormState
      /** Server only, set by the owner check for this request; without it the page refuses. */
      imageAdmin?: import('../domain/image-generation.ts').AdminPageState
      /** Server only, set with `imageAdmin` for the owner: the catalogue's changes and their history. */
      catalogue?: import('../server/services/catalogue.server.ts').CatalogueService
      /** Set by the server when a product form posted without JavaScript comes back (messages, or a conflict). */
      productForm?: import('../domain/product-form.ts').ProductFormState
      /** Set by the server when an uploaded photograph was refused: the reason, shown beside the upload. */
      photoError?: string
      /** Server only, for the owner's pages: new enquiries, counted in the workspace's navigation. */
      newEnquiries?: number
      /** Server only: what /admin/enquiries shows, worked out for the owner's request. */
      adminInbox?: import('../domain/inbox.ts').InboxView
      /** Server only: what /admin/enquiries/{id} shows (null: no such enquiry). */
      adminEnquiry?: import('../domain/inbox.ts').EnquiryView | null
      /** Server only: the owner's health panel. */
      shopHealth?: import('../domain/shop-health.ts').ShopHealth
    }
  }
}

export function resolveHead(value: HeadValue | undefined, pageContext: PageContext): string | undefined {
  return typeof value === 'function' ? value(pageContext) : value
}
