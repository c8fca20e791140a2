import { PRODUCT_FIELDS, type ProductField, type ProductValues } from '../../../domain/product-form.ts'

/** The product form on a product's page, which the page's own scripts keep up with the stored product. */
export const PRODUCT_FORM_ID = 'product-form'

/** Heard on the form once it took a change the page made in place (the preview card follows it). */
export const STORED_CHANGE = 'product-stored-change'

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * The page changed the stored product in place (an upload, a photo action): the form's base takes the new
 * values, and so does each field still showing the old one, so a Save sends nothing stale. A field the
 * owner typed into keeps what they typed: it is their change, made against the new value.
 */
export function followStored(changed: Partial<ProductValues>): void {
  const form = document.getElementById(PRODUCT_FORM_ID)
  const baseInput = form instanceof HTMLFormElement ? form.elements.namedItem('base') : null
  if (!(form instanceof HTMLFormElement) || !(baseInput instanceof HTMLInputElement)) return
  const base = JSON.parse(baseInput.value) as ProductValues
  for (const field of Object.keys(changed) as ProductField[]) {
    const value = changed[field]
    if (!PRODUCT_FIELDS.includes(field) || value === undefined || base[field] === value) continue
    const control = form.elements.namedItem(field)
    if (isControl(control) && control.value === base[field]) control.value = value
    base[field] = value
  }
  baseInput.value = JSON.stringify(base)
  form.dispatchEvent(new Event(STORED_CHANGE))
}

/** The base's values as they are now (the stored product as this page last knew it). */
export function storedValues(form: HTMLFormElement): Partial<ProductValues> {
  const baseInput = form.elements.namedItem('base')
  try {
    return baseInput instanceof HTMLInputElement ? (JSON.parse(baseInput.value) as ProductValues) : {}
  } catch {
    return {}
  }
}

const isControl = (c: unknown): c is Control =>
  c instanceof HTMLInputElement || c instanceof HTMLTextAreaElement || c instanceof HTMLSelectElement
