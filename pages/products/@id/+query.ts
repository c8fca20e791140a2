import type { Config } from 'vike/types'

// `?order=1` opens the order form (the link of a page without JavaScript).
export default { vary: { order: (value) => value === '1' } } satisfies Config['query']
