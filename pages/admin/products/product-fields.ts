import type { FieldSpec } from '../../../components/form/Field.tsx'
import { AVAILABILITIES, AVAILABILITY_LABELS } from '../../../domain/availability.ts'
import { CATEGORIES, CATEGORY_LABELS } from '../../../domain/business.ts'
import { PRODUCT_MAX_LENGTHS as MAX, type ProductField } from '../../../domain/product-form.ts'
import { PRODUCT_LABELS } from '../../../domain/product-labels.ts'

/** The fields drawn from a spec; the 'Only 1 left' box after the stock is drawn by the form itself. */
export type ListedField = Exclude<ProductField, 'showFewLeft'>

/** In the owner's words (the labels shared with the history); a hint wherever a rule applies, with an example. */
export const PRODUCT_SPECS: Record<ListedField, FieldSpec> = {
  name: { label: PRODUCT_LABELS.name, control: { kind: 'input', type: 'text' }, maxLength: MAX.name, needed: true },
  id: {
    label: PRODUCT_LABELS.id,
    hint:
      'Leave it empty to make one from the name. Lower-case letters, digits ' +
      'and hyphens: oxford-brogue gives /products/oxford-brogue.',
    control: { kind: 'input', type: 'text' },
    maxLength: MAX.id,
  },
  price: {
    label: PRODUCT_LABELS.price,
    hint: 'In pounds, such as 185, 185.50 or £1,250: the shop shows it as £185.00.',
    control: { kind: 'input', type: 'text', inputMode: 'decimal' },
    maxLength: MAX.price,
    needed: true,
  },
  category: {
    label: PRODUCT_LABELS.category,
    control: {
      kind: 'select',
      placeholder: 'Choose a category',
      options: CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
    },
    needed: true,
  },
  availability: {
    label: PRODUCT_LABELS.availability,
    control: {
      kind: 'select',
      placeholder: 'Choose',
      options: AVAILABILITIES.map((a) => ({ value: a, label: AVAILABILITY_LABELS[a] })),
    },
    needed: true,
  },
  leadTime: {
    label: PRODUCT_LABELS.leadTime,
    hint: 'Needed when it is made to order, such as 3 weeks.',
    control: { kind: 'input', type: 'text' },
    maxLength: MAX.leadTime,
  },
  stock: {
    label: PRODUCT_LABELS.stock,
    hint: 'Each paid order takes one off; at 0 it shows as sold out. Leave it empty not to count them.',
    control: { kind: 'input', type: 'text', inputMode: 'numeric' },
    maxLength: MAX.stock,
  },
  sku: {
    label: PRODUCT_LABELS.sku,
    hint: 'Your own code for it, such as FW-OXB-001.',
    control: { kind: 'input', type: 'text' },
    maxLength: MAX.sku,
    needed: true,
  },
  description: {
    label: PRODUCT_LABELS.description,
    control: { kind: 'textarea', rows: 4 },
    maxLength: MAX.description,
    wide: true,
  },
  mainImage: {
    label: PRODUCT_LABELS.mainImage,
    hint:
      '“Make main” under Photographs below sets it for you; or give the file ' +
      'of one of them, such as /media/products/oxford-brogue/photo.webp.',
    control: { kind: 'input', type: 'text' },
    maxLength: MAX.mainImage,
    wide: true,
  },
  paymentLink: {
    label: PRODUCT_LABELS.paymentLink,
    hint: 'From your card payment provider, such as buy.stripe.com/abc123 (https:// is added when left out).',
    control: { kind: 'input', type: 'text', inputMode: 'url' },
    maxLength: MAX.paymentLink,
    wide: true,
    needed: true,
  },
}

/** A draft's web address, shown on its page until it is first published. */
export const DRAFT_ID_SPEC: FieldSpec = {
  ...PRODUCT_SPECS.id,
  hint:
    'It can change until the product is first published, then stays. Lower-case letters, digits and ' +
    'hyphens: oxford-brogue gives /products/oxford-brogue. Left empty, it is made from the name.',
}

/** A value as the form shows it: a choice by its label, an empty field said as such. */
export function shownValue(field: ProductField, value: string): string {
  if (field === 'showFewLeft') return value === 'on' ? 'Yes' : 'No'
  const control = PRODUCT_SPECS[field].control
  const label = control.kind === 'select' ? control.options.find((o) => o.value === value)?.label : undefined
  return label ?? (value.trim() === '' ? '(empty)' : value)
}

/** The labels of the fields Save cannot do without, in the form's order: the form says them once, beside Save. */
export const neededLabels = (names: readonly ProductField[], specs: Record<ListedField, FieldSpec>): string[] =>
  names.flatMap((f) => (f !== 'showFewLeft' && specs[f].needed ? [specs[f].label] : []))
