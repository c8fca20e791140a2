import type { PageContextServer } from 'vike/types'
import { availabilityText } from '../../../../domain/availability.ts'
import { CATEGORY_LABELS, filterFromParam, type CategoryFilter } from '../../../../domain/business.ts'
import { productsIn } from '../../../../domain/catalogue.ts'
import { movedSentence } from '../../../../domain/product-order.ts'
import { isPublished } from '../../../../domain/publishing.ts'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { workspaceTabs } from '../../workspace-tabs.ts'

export type Row = {
  id: string
  name: string
  sku: string
  category: string
  price: string
  availability: string
  mainImage: string
  position: number
  draft: boolean
}

export type Data = {
  tabs: WorkspaceTabs
  rows: Row[]
  total: number
  query: string
  category: CategoryFilter
  removed: { entry: string; name: string } | null
  orderRestored: boolean
  /** After a move without the page's script (`?moved=<id>`): the row and where it is now. */
  moved: { id: string; sentence: string } | null
}

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { store, catalogue } = pageContext.services
  const search = pageContext.urlParsed.search
  const query = (search.q ?? '').trim()
  const category = filterFromParam(search.category)
  const needle = query.toLowerCase()
  const products = store.products
  const rows = productsIn(
    products.map((p, position) => ({ ...p, position })),
    category,
  )
    .filter((p) => !needle || [p.name, p.sku, p.id].some((s) => s.toLowerCase().includes(needle)))
    .map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      category: CATEGORY_LABELS[p.category],
      price: p.price,
      availability: availabilityText(p),
      mainImage: p.mainImage,
      position: p.position,
      draft: !isPublished(p),
    }))
  const entry = search.removed ? await catalogue.history.find(search.removed) : undefined
  const removed =
    entry?.before && !products.some((p) => p.id === entry.productId)
      ? { entry: entry.id, name: entry.before.name }
      : null
  const at = search.moved ? products.findIndex((p) => p.id === search.moved) : -1
  const moved =
    at < 0 ? null : { id: products[at]!.id, sentence: movedSentence(products[at]!.name, at, products.length) }
  return {
    tabs: await workspaceTabs(pageContext),
    rows,
    total: products.length,
    query,
    category,
    removed,
    orderRestored: search.done === 'order-restored',
    moved,
  }
}
