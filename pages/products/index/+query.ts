import type { Config } from 'vike/types'
import { isCategory } from '../../../domain/business.ts'

// The catalogue's filter: each category is a page of its own.
export default { vary: { category: isCategory } } satisfies Config['query']
