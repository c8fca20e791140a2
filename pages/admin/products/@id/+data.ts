// https://vike.dev/data: one product's form, as stored or as a post sent it back.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { productPath } from '../../../../domain/catalogue.ts'
import { photosOf } from '../../../../domain/product-page.ts'
import { ownerOnly } from '../../owner-only.ts'
import { productFormData, type ProductFormData } from '../product-form-data.ts'

export type Data = ProductFormData & {
  id: string
  name: string
  viewHref: string
  /** What the last action did ('saved', 'added', 'duplicated', 'restored', 'photo'), to say so. */
  done: string | null
  /** The product's photographs, the main one first. */
  photos: string[]
  /** Why the last upload was refused. */
  photoError: string | null
}

const DONE = ['saved', 'added', 'duplicated', 'restored', 'photo']

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { store, catalogue } = ownerOnly(pageContext)
  const product = store.products.find((p) => p.id === pageContext.routeParams.id)
  if (!product) throw render(404)
  const done = pageContext.urlParsed.search.done ?? ''
  return {
    ...productFormData(pageContext, product, await catalogue.revisionOf(product.id)),
    id: product.id,
    name: product.name,
    viewHref: productPath(product),
    done: pageContext.productForm || pageContext.photoError || !DONE.includes(done) ? null : done,
    photos: photosOf(product),
    photoError: pageContext.photoError ?? null,
  }
}
