/** Why a snapshot was taken, in the owner's words. */
export function reasonOf(reason: string): string {
  if (reason === 'daily') return "The day's first change"
  if (reason.startsWith('before-restore')) return 'Just before a restore'
  return reason || 'Taken by hand'
}

export const productCount = (n: number) => (n === 1 ? '1 product' : `${n} products`)
