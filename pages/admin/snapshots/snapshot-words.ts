/** Why a snapshot was taken, in the owner's words. */
export function reasonOf(reason: string): string {
  if (/^daily(-\d+)?$/.test(reason)) return "Before the day's first change"
  if (reason.startsWith('before-restore')) return 'Before a restore'
  return reason || 'Taken by hand'
}

export const productCount = (n: number) => (n === 1 ? '1 product' : `${n} products`)
