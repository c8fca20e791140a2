/** How one part of the shop is doing: fine, worth a look, or in trouble now. */
export type HealthStatus = 'ok' | 'attention' | 'problem'

export type HealthItem = {
  key: 'server' | 'mail' | 'dataFile' | 'photos' | 'disk' | 'images' | 'snapshot'
  title: string
  status: HealthStatus
  /** One sentence: the state in plain words. */
  headline: string
  /** Further facts, one sentence each. */
  details: string[]
}

/** The owner's health panel (/admin/health) and `npm run health`: the same items, in this order. */
export type ShopHealth = {
  checkedAt: string
  /** The worst status of all items. */
  status: HealthStatus
  items: HealthItem[]
}

export const HEALTH_STATUS_LABELS: Record<HealthStatus, string> = {
  ok: 'OK',
  attention: 'Attention',
  problem: 'Problem',
}

export function worstStatus(items: readonly HealthItem[]): HealthStatus {
  if (items.some((i) => i.status === 'problem')) return 'problem'
  return items.some((i) => i.status === 'attention') ? 'attention' : 'ok'
}
