import { AVAILABILITY_LABELS, availabilityOf } from './availability.ts'
import { CATEGORY_LABELS, type Category } from './business.ts'
import { PRODUCT_FIELDS, type ProductField } from './product-form.ts'
import { PRODUCT_LABELS } from './product-labels.ts'
import { photosOf } from './product-page.ts'
import type { Product, StoredProduct } from './product.ts'
import { isPublished } from './publishing.ts'

/** One field of a product before and after a change, as the product form names and shows it ('' where absent). */
export type FieldChange = { field: string; before: string; after: string }

type Worded = Exclude<ProductField, 'id' | 'mainImage'>
/**
 * The fields the owner reads as words, in the form's order; the web address is said apart (when a
 * draft's changes), the photographs too (as pictures or a count).
 */
const WORDED = PRODUCT_FIELDS.filter((f): f is Worded => f !== 'id' && f !== 'mainImage')

const STATUS_LABEL = 'On the shop'

/** A field's value as the form shows it: 'Footwear', 'Made to order', never 'footwear' or 'made-to-order'. */
function shown(p: Product | null, field: Worded | 'status'): string {
  if (!p) return ''
  if (field === 'category') return CATEGORY_LABELS[p.category as Category] ?? String(p.category)
  if (field === 'availability') return AVAILABILITY_LABELS[availabilityOf(p)] ?? String(p.availability)
  if (field === 'status') return isPublished(p) ? 'Published' : 'Draft'
  if (field === 'showFewLeft') return p.showFewLeft ? 'Yes' : ''
  if (field === 'stock') return p.stock === undefined ? '' : String(p.stock)
  const value = p[field]
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)
}

/** What a change did to each field the owner reads as words, in the form's labels; unchanged fields are left out. */
export function fieldChanges(before: Product | null, after: Product | null): FieldChange[] {
  const changes = [...WORDED, 'status' as const]
    .map((f) => ({
      field: f === 'status' ? STATUS_LABEL : PRODUCT_LABELS[f],
      before: shown(before, f),
      after: shown(after, f),
    }))
    .filter((c) => c.before !== c.after)
  // A draft's new web address; not said when the product comes or goes.
  if (before && after && before.id !== after.id)
    changes.unshift({ field: PRODUCT_LABELS.id, before: before.id, after: after.id })
  return changes
}

const counted = (n: number) => (n === 1 ? '1 photograph' : `${n} photographs`)

/** The photographs in words ('3 photographs' → '2 photographs'), when they differ: for a list that shows no pictures. */
export function photoCountChange(before: StoredProduct, after: StoredProduct): FieldChange | null {
  const was = photosOf(before)
  const now = photosOf(after)
  if (JSON.stringify(was) === JSON.stringify(now)) return null
  const same = was.length === now.length && was.every((src) => now.includes(src))
  const how = same ? 'in another order' : was.length === now.length ? 'not the same ones' : ''
  return {
    field: 'Photographs',
    before: counted(was.length),
    after: how ? `${counted(now.length)}, ${how}` : counted(now.length),
  }
}
