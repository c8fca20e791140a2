import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { AdminPageState, LastRun } from '../../../domain/image-generation.ts'
import { toPublicProduct, type Product } from '../../../domain/product.ts'
import { isPublished, publishedProducts } from '../../../domain/publishing.ts'
import type { Needs } from './NeedsYou.tsx'

export type Data = {
  products: Product[]
  admin: AdminPageState
  /** The owner's alone: what needs them, and the run that may be undone. */
  needs: Needs | null
  lastRun: LastRun | null
}

/** `?undone=N&kept=M` after undoing a run (post, then 303 here). */
function undoneOf(search: Record<string, string>): Needs['undone'] {
  const restored = Number(search.undone)
  if (!Number.isInteger(restored) || restored < 0) return null
  const kept = Number(search.kept)
  return { restored, kept: Number.isInteger(kept) && kept > 0 ? kept : 0 }
}

export async function data(pageContext: PageContextServer): Promise<Data> {
  // The server's owner check vouches for every request it lets through to this page. A request that
  // reached the page any other way (an address spelled so the check missed it) is refused.
  const access = pageContext.ownerAccess
  if (!access) throw render(404)
  const all = pageContext.store?.products ?? []
  // The shop's products, as GET /api/products refetches them after a run; drafts are on the products page.
  const products = publishedProducts(all).map(toPublicProduct)
  const { catalogue, shopHealth, imageGeneration } = pageContext
  const admin: AdminPageState =
    access === 'owner' && imageGeneration
      ? { access, ...imageGeneration }
      : { access, configured: false, allowance: null }
  if (access !== 'owner' || !catalogue) return { products, admin, needs: null, lastRun: null }
  const needs: Needs = {
    newEnquiries: pageContext.newEnquiries ?? 0,
    orders: pageContext.orderCounts ?? { toSend: 0, oversold: 0 },
    warnings: (shopHealth?.items ?? [])
      .filter((i) => i.status !== 'ok')
      .map((i) => ({ key: i.key, title: i.title, headline: i.headline, status: i.status })),
    drafts: all.filter((p) => !isPublished(p)).map((p) => ({ id: p.id, name: p.name })),
    undone: undoneOf(pageContext.urlParsed.search),
  }
  return { products, admin, needs, lastRun: await catalogue.lastRun() }
}
