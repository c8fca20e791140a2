import type { FormResults } from '../../domain/form-results.ts'
import {
  PRODUCT_FIELDS,
  productValuesFrom,
  type ProductField,
  type ProductFormState,
} from '../../domain/product-form.ts'
import { FormStateCookie } from './form-state-cookie.server.ts'

/** How long a refused owner's form keeps what was typed and why it was refused (a reload shows it again). */
export const RETURNED_OWNER_FORM_TTL_MS = 30 * 60_000

/** What the owner's refused forms bring back: the product form, Publish, an upload, a photo action, the runs. */
export type OwnerFormResults = Partial<Omit<FormResults, 'contact' | 'order'>>

export type ReturnedOwnerForms = FormStateCookie<OwnerFormResults>

/** A refused owner's form between its post and `/admin/…?form=<id>`: one cookie for the workspace's pages. */
export function returnedOwnerForms(key: () => Promise<Buffer>): ReturnedOwnerForms {
  return new FormStateCookie({
    name: 'owner-form',
    path: '/admin',
    maxAgeMs: RETURNED_OWNER_FORM_TTL_MS,
    key,
    parse: parseOwnerFormResults,
  })
}

type Raw = Record<string, unknown>
const objectOf = (value: unknown): Raw | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : undefined
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const isField = (name: string): name is ProductField => (PRODUCT_FIELDS as readonly string[]).includes(name)

/** Reads back what a valid cookie carried (it may be from an older version of the site): known shapes only. */
export function parseOwnerFormResults(raw: unknown): OwnerFormResults | undefined {
  const src = objectOf(raw)
  if (!src) return undefined
  const results: OwnerFormResults = {}
  const product = productStateOf(objectOf(src.product))
  if (product) results.product = product
  const publish = objectOf(src.publish)
  if (publish) results.publish = { missing: textsOf(publish.missing) }
  const upload = textOf(objectOf(src.upload)?.error)
  if (upload !== undefined) results.upload = { error: upload }
  const refusal = textOf(objectOf(src.photoAction)?.refusal)
  if (refusal !== undefined) results.photoAction = { refusal }
  const angles = textOf(objectOf(src.angles)?.error)
  if (angles !== undefined) results.angles = { error: angles }
  const generator = textOf(objectOf(src.generator)?.error)
  if (generator !== undefined) results.generator = { error: generator }
  return results
}

function productStateOf(src: Raw | undefined): ProductFormState | undefined {
  if (!src) return undefined
  const state: ProductFormState = { values: productValuesFrom(src.values), errors: {} }
  const errors = objectOf(src.errors) ?? {}
  for (const field of PRODUCT_FIELDS) {
    const error = Object.hasOwn(errors, field) ? textOf(errors[field]) : undefined
    if (error !== undefined) state.errors[field] = error
  }
  if (objectOf(src.base)) state.base = productValuesFrom(src.base)
  const conflict = objectOf(src.conflict)
  if (conflict)
    state.conflict = { saved: productValuesFrom(conflict.saved), fields: textsOf(conflict.fields).filter(isField) }
  return state
}
