// https://vike.dev/data: one product's form, as stored or as a post sent it back.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { productPath } from '../../../../domain/catalogue.ts'
import { photoNoticeOf, type PhotoNotice } from '../../../../domain/photo-list.ts'
import { NEW_PHOTOS_READY, type AngleState } from '../../../../domain/photo-offers.ts'
import { photosOf } from '../../../../domain/product-page.ts'
import { isPublished } from '../../../../domain/publishing.ts'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { workspaceTabs } from '../../workspace-tabs.ts'
import { productFormData, type ProductFormData } from '../product-form-data.ts'

export type Data = ProductFormData & {
  tabs: WorkspaceTabs
  id: string
  name: string
  viewHref: string
  /** Only the owner sees a draft; it can be previewed here and published. */
  draft: boolean
  /** A product never on the shop: its web address (id) may still change. */
  idEditable: boolean
  /** Why the last 'Publish' was refused: what the draft still needs. */
  publishMissing: string[] | null
  /** What the last action did ('saved', 'added', 'duplicated', 'restored', 'published'...), to say so. */
  done: string | null
  /** The product's photographs, the main one first. */
  photos: string[]
  /** Why the last upload was refused. */
  photoError: string | null
  /** What the last photo action did, or why it was refused. */
  photoNotice: PhotoNotice | null
  /** Generating the four angles, and the new photographs waiting for a choice. */
  angles: AngleState
  /** Why a run could not start. */
  anglesError: string | null
  refreshHref: string
  anglesNotice: string
}

// An upload's and a choice's are said among the photographs (photoNoticeOf).
const DONE = ['saved', 'added', 'duplicated', 'restored', 'published', 'unpublished']

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { store, catalogue, productPhotos } = pageContext.services
  const product = store.products.find((p) => p.id === pageContext.routeParams.id)
  if (!product) throw render(404)
  const done = pageContext.urlParsed.search.done ?? ''
  // What a refused form on this page brought back (the post answers with this page again).
  const sent = pageContext.form ?? {}
  const angles = await productPhotos.state(product.id)
  // Each refresh asks with a new number, so the browser fetches the page again.
  const nextLook = (Number(pageContext.urlParsed.search.angles) || 0) + 1
  return {
    ...productFormData(pageContext, product),
    tabs: await workspaceTabs(pageContext),
    idEditable: !(await catalogue.addressFixed(product.id)),
    id: product.id,
    name: product.name,
    viewHref: productPath(product),
    draft: !isPublished(product),
    publishMissing: sent.publish?.missing ?? null,
    done: sent.product || sent.upload || sent.angles || sent.publish || !DONE.includes(done) ? null : done,
    photos: photosOf(product),
    photoError: sent.upload?.error ?? null,
    photoNotice: photoNoticeOf(sent.photoAction?.refusal, pageContext.urlParsed.search, !isPublished(product)),
    angles,
    anglesError: sent.angles?.error ?? null,
    anglesNotice:
      pageContext.urlParsed.search.angles && !angles.view.running && angles.offers.length > 0 && !angles.view.error
        ? NEW_PHOTOS_READY
        : '',
    refreshHref: `/admin/products/${encodeURIComponent(product.id)}?angles=${nextLook}#new-photos`,
  }
}
