import type { HistoryEntry, HistoryWho } from '../../data/catalogue-history.server.ts'
import { PRODUCT_FIELDS, valuesOf, type ProductField, type ProductValues } from '../../domain/product-form.ts'

// One product's page has several forms (the product form, photographs, publishing), each saving at
// once: a save is merged by field against the values its form was made from, never written whole.

/** What a save writes, and where it meets a change made elsewhere since its form was made. */
export type SaveMerge = {
  /** The fields the owner changed in this form (their checked values): the only ones written. */
  changed: Partial<ProductValues>
  /** Fields changed here and, to another value, elsewhere: both versions go back to the owner. */
  conflicts: ProductField[]
  /** The form to send back on a conflict: what the owner typed, and the stored value everywhere else. */
  yours: ProductValues
}

/**
 * Three ways, by field: `base` (what the form showed), `posted` (checked) and `stored` (now). A field
 * the owner left as it was keeps the stored value, whatever changed it meanwhile (an upload, a photo
 * action, another tab). `lastSetBy` says who made the stored value: the later save wins over a hand edit
 * of the data file (the history keeps the edit), while a change made in the workspace is a conflict.
 */
export function mergeSave(opts: {
  base: ProductValues
  posted: ProductValues
  typed: ProductValues
  stored: ProductValues
  lastSetBy: (field: ProductField) => HistoryWho | null
}): SaveMerge {
  const { base, posted, typed, stored } = opts
  const changed: Partial<ProductValues> = {}
  const conflicts: ProductField[] = []
  const yours = { ...stored }
  // The id is not merged: a new one is a change of the product's address (see CatalogueService.save).
  // The stock's fields may be missing from a form made before they were (read as empty).
  const at = (values: ProductValues, f: ProductField) => values[f] ?? ''
  for (const f of PRODUCT_FIELDS.filter((f) => f !== 'id')) {
    if (at(posted, f) === at(base, f)) continue
    changed[f] = at(posted, f)
    yours[f] = at(typed, f)
    const elsewhere = at(stored, f) !== at(base, f) && at(stored, f) !== at(posted, f)
    if (elsewhere && opts.lastSetBy(f) !== 'data file') conflicts.push(f)
  }
  return { changed, conflicts, yours }
}

/**
 * Who gave a product's field its present value: the last change of it in the history (null when the
 * history has none, as when the change was made before the history began).
 */
export function lastSetter(
  entries: readonly HistoryEntry[],
  productId: string,
): (field: ProductField) => HistoryWho | null {
  return (field) => {
    const entry = entries.findLast(
      (e) =>
        e.productId === productId &&
        e.before !== null &&
        e.after !== null &&
        valuesOf(e.before)[field] !== valuesOf(e.after)[field],
    )
    return entry?.who ?? null
  }
}
