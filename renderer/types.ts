import type { PageContext } from 'vike/types'

/** A page's title or description: fixed, or worked out from the page context (the 404 page, say). */
export type HeadValue = string | ((pageContext: PageContext) => string)

/** A page's picture for link previews; `alt` says what it shows (og:image:alt, twitter:image:alt). */
export type SocialImage = { url: string; width: number; height: number; alt: string }

declare global {
  namespace Vike {
    interface Config {
      /** The page's <title> (https://vike.dev/meta: a custom setting of our renderer). */
      title?: HeadValue
      description?: HeadValue
      noindex?: boolean
      jsonLd?: (pageContext: PageContext) => object | object[] | undefined
      /** The page's largest image, fetched first: its address, or the candidates its <picture> offers. */
      preloadImage?: (pageContext: PageContext) => string | ImagePreload | undefined
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
    interface PageContext {
      Page?: () => React.JSX.Element
      /** Set by our Express handler on the server; never sent to the browser. */
      store?: import('../data/store.server.ts').Store
      siteUrl?: string
      /** Server only: what delivery costs in pounds ('4.95'), when the owner set it (DELIVERY_PRICE). */
      deliveryPrice?: string
      /** Server only: the time in the post in business days, when the owner set it (DELIVERY_DAYS). */
      deliveryDays?: import('../domain/merchant-listing.ts').DayRange
      /** Server only: which stored photographs have AVIF twins. */
      photoFormats?: import('../domain/product-image.ts').PhotoFormats
      imageGenerationConfigured?: boolean
      contactForm?: import('../domain/contact-fields.ts').ContactFormState
      orderForm?: import('../domain/order.ts').OrderFormState
      /** A no-JavaScript order for a product that left the shop meanwhile: /contact says so. */
      orderGone?: import('../domain/order-gone.ts').OrderGone
      /** Server only, set by the owner check for this request; without it a workspace page refuses. */
      ownerAccess?: import('../domain/owner.ts').OwnerAccess
      /** Server only, the owner's: whether image generation is set up, and today's allowance. */
      imageGeneration?: import('../domain/image-generation.ts').GenerationSetup
      catalogue?: import('../server/services/catalogue.server.ts').CatalogueService
      productForm?: import('../domain/product-form.ts').ProductFormState
      /** Server only: what a draft still needs before it can be published. */
      publishMissing?: string[]
      photoError?: string
      /** Why a photo action was refused (its form was made from photographs since changed). */
      photoRefusal?: string
      productPhotoRuns?: import('../server/services/product-photo-runs.server.ts').ProductPhotoRuns
      anglesError?: string
      newEnquiries?: number
      adminInbox?: import('../domain/inbox.ts').InboxView
      /** Server only: what /admin/enquiries/{id} shows (null: no such enquiry). */
      adminEnquiry?: import('../domain/inbox.ts').EnquiryView | null
      shopHealth?: import('../domain/shop-health.ts').ShopHealth
      /** Server only: what /admin/orders lists. */
      adminOrders?: import('../domain/order-view.ts').OrdersListView
      /** Server only: what /admin/orders/{id} shows (null: no such order). */
      adminOrder?: import('../domain/order-view.ts').OrderView | null
      /** Server only, for the overview's "Needs you": orders to send, and those oversold. */
      orderCounts?: { toSend: number; oversold: number }
      statisticsReport?: import('../domain/statistics-report.ts').StatisticsReport
    }
  }
}

export function resolveHead(value: HeadValue | undefined, pageContext: PageContext): string | undefined {
  return typeof value === 'function' ? value(pageContext) : value
}

/**
 * A responsive image to preload: the browser fetches the candidate
 * its <picture> would pick, and skips a type it cannot show.
 */
export type ImagePreload = { href: string; srcSet?: string; sizes?: string; type?: string }
