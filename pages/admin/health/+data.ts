import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { ShopHealth } from '../../../domain/shop-health.ts'

export type Data = { health: ShopHealth; newEnquiries: number }

export function data(pageContext: PageContextServer): Data {
  const health = pageContext.shopHealth
  if (!health) throw render(404)
  return { health, newEnquiries: pageContext.newEnquiries ?? 0 }
}
