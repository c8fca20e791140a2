import * as v from 'valibot'
import { AVAILABILITIES } from './availability.ts'
import type { ShownProduct } from './order-gone.ts'
import { SHOWN_NAME_FIELD, TERMS_FIELDS, type OrderTerms } from './order-terms.ts'

// Read by the order post alone: kept apart so the pages' scripts do not carry it.
const ShownTermsSchema = v.object({
  [TERMS_FIELDS.price]: v.string(),
  [TERMS_FIELDS.availability]: v.picklist(AVAILABILITIES),
  [TERMS_FIELDS.leadTime]: v.optional(v.string(), ''),
})

/**
 * The terms a posted form was shown with; null when it carries none
 * (a client of its own), which is then taken at today's terms.
 */
export function shownTermsFrom(body: unknown): OrderTerms | null {
  const parsed = v.safeParse(ShownTermsSchema, body)
  if (!parsed.success) return null
  const o = parsed.output
  return {
    price: o[TERMS_FIELDS.price],
    availability: o[TERMS_FIELDS.availability],
    leadTime: o[TERMS_FIELDS.leadTime],
  }
}

/** The product's name as the posted form's page showed it (bounded: it is shown back), or null. */
export function shownProductFrom(body: unknown): ShownProduct | null {
  const src = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const name = src[SHOWN_NAME_FIELD]
  if (typeof name !== 'string' || name.trim() === '') return null
  return { name: name.trim().slice(0, 200), price: shownTermsFrom(body)?.price.slice(0, 50) || null }
}
