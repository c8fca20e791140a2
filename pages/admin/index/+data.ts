import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../components/admin/WorkspaceLayout.tsx'
import { runProgress, type AdminPageState, type LastRun } from '../../../domain/image-generation.ts'
import { toPublicProduct, type Product } from '../../../domain/product.ts'
import { isPublished, publishedProducts } from '../../../domain/publishing.ts'
import { workspaceTabs } from '../workspace-tabs.ts'
import type { Needs } from './NeedsYou.tsx'

export type Data = {
  products: Product[]
  admin: AdminPageState
  /** The owner's alone: the tabs, what needs them, and the run that may be undone. */
  tabs: WorkspaceTabs | null
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
  const { services } = pageContext
  const all = services.store.products
  // The shop's products, as GET /api/products refetches them after a run; drafts are on the products page.
  const products = publishedProducts(all).map(toPublicProduct)
  // A visitor (answered 403 by the owner check) is shown how the owner turns the workspace on.
  if (pageContext.owner !== 'owner')
    return {
      products,
      admin: { access: 'visitor', configured: false, allowance: null, running: null, refused: null },
      tabs: null,
      needs: null,
      lastRun: null,
    }
  const { configured, dailyLimit, generator } = services.images
  const tabs = await workspaceTabs(pageContext)
  const health = await services.health()
  const needs: Needs = {
    newEnquiries: tabs.newEnquiries,
    orders: await services.ownerOrders.counts(),
    warnings: health.items
      .filter((i) => i.status !== 'ok')
      .map((i) => ({ key: i.key, title: i.title, headline: i.headline, status: i.status })),
    drafts: all.filter((p) => !isPublished(p)).map((p) => ({ id: p.id, name: p.name })),
    undone: undoneOf(pageContext.urlParsed.search),
  }
  const job = generator.current
  const admin: AdminPageState = {
    access: 'owner',
    configured,
    allowance: dailyLimit.allowance(),
    // A page made during a run shows it going on (its form posted, or opened meanwhile).
    running: job ? runProgress(job.events) : null,
    refused: pageContext.form?.generator?.error ?? null,
  }
  return { products, admin, tabs, needs, lastRun: await services.catalogue.lastRun() }
}
