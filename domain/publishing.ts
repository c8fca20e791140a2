import type { Product } from './product.ts'

/** The one place that says what visitors see: every product but the owner's drafts. */
export const isPublished = (product: Pick<Product, 'status'>): boolean => product.status !== 'draft'

/** The products the shop shows, in its order. */
export function publishedProducts<P extends Pick<Product, 'status'>>(products: readonly P[]): P[] {
  return products.filter(isPublished)
}

/** What a draft may still need before it goes on the shop, in the owner's words (the refusal lists them). */
export const PUBLISH_NEEDS = {
  name: 'a name',
  price: 'a price, such as £185.00',
  paymentLink: 'a card payment page (https://...)',
  photo: 'a photograph: upload one below (Photographs)',
} as const

export type PublishNeed = keyof typeof PUBLISH_NEEDS

/** Which need a listed sentence is, so the page can point at where it is given; undefined for any other. */
export const publishNeedOf = (text: string): PublishNeed | undefined =>
  (Object.keys(PUBLISH_NEEDS) as PublishNeed[]).find((need) => PUBLISH_NEEDS[need] === text)
