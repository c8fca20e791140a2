import { ErrorSummary } from '../../../components/admin/ErrorSummary.tsx'
import { fieldId, FieldList, type FieldSpec } from '../../../components/form/Field.tsx'
import { AVAILABILITIES, AVAILABILITY_LABELS } from '../../../domain/availability.ts'
import { CATEGORIES, CATEGORY_LABELS } from '../../../domain/business.ts'
import { PRODUCT_FIELDS, type ProductField } from '../../../domain/product-form.ts'
import type { ProductFormData } from './product-form-data.ts'

/** The box after the stock (FewLeftBox), which the fields' list, built for text, does not draw. */
type ListedField = Exclude<ProductField, 'showFewLeft'>

/** In the owner's words; a hint wherever a rule applies, with an example. */
const SPECS: Record<ListedField, FieldSpec> = {
  name: { label: 'Name', control: { kind: 'input', type: 'text' }, maxLength: 120 },
  id: {
    label: 'Web address of the product page',
    hint:
      'Leave it empty to make one from the name. Lower-case letters, digits ' +
      'and hyphens: oxford-brogue gives /products/oxford-brogue.',
    control: { kind: 'input', type: 'text' },
    maxLength: 60,
  },
  price: {
    label: 'Price',
    hint: 'In pounds, such as 185, 185.50 or £1,250: the shop shows it as £185.00.',
    control: { kind: 'input', type: 'text', inputMode: 'decimal' },
    maxLength: 20,
  },
  category: {
    label: 'Category',
    control: {
      kind: 'select',
      placeholder: 'Choose a category',
      options: CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
    },
  },
  availability: {
    label: 'Availability',
    control: {
      kind: 'select',
      placeholder: 'Choose',
      options: AVAILABILITIES.map((a) => ({ value: a, label: AVAILABILITY_LABELS[a] })),
    },
  },
  leadTime: {
    label: 'Time to make',
    hint: 'Needed when it is made to order, such as 3 weeks.',
    control: { kind: 'input', type: 'text' },
    maxLength: 60,
  },
  stock: {
    label: 'Pieces ready to send',
    hint: 'Each paid order takes one off; at 0 it shows as sold out. Leave it empty not to count them.',
    control: { kind: 'input', type: 'text', inputMode: 'numeric' },
    maxLength: 6,
  },
  sku: {
    label: 'SKU (stock code)',
    hint: 'Your own code for it, such as FW-OXB-001.',
    control: { kind: 'input', type: 'text' },
    maxLength: 60,
  },
  description: { label: 'Description', control: { kind: 'textarea', rows: 4 }, maxLength: 2000, wide: true },
  mainImage: {
    label: 'Photograph shown first',
    hint:
      '“Make main” under Photographs below sets it for you; or give the file ' +
      'of one of them, such as /media/products/oxford-brogue/photo.webp.',
    control: { kind: 'input', type: 'text' },
    maxLength: 300,
    wide: true,
  },
  paymentLink: {
    label: 'Card payment page',
    hint: 'From your card payment provider, such as buy.stripe.com/abc123 (https:// is added when left out).',
    control: { kind: 'input', type: 'text', inputMode: 'url' },
    maxLength: 500,
    wide: true,
  },
}

type Props = ProductFormData & { action: string; isNew: boolean; submitLabel: string; hint: string; formId?: string }

export function ProductForm({ action, isNew, submitLabel, hint, values, errors, revision, base, formId }: Props) {
  // A new product's photograph is uploaded on its own page once it exists, never typed.
  const names = PRODUCT_FIELDS.filter((f) => (isNew ? f !== 'mainImage' : f !== 'id'))
  const listed = (fields: readonly ProductField[]) => fields.filter((f): f is ListedField => f !== 'showFewLeft')
  const box = names.indexOf('showFewLeft')
  return (
    <form id={formId} className="product-form form-card" method="post" action={action} noValidate>
      <input type="hidden" name="revision" value={revision} />
      <input type="hidden" name="base" value={base} />
      <ErrorSummary idPrefix="product" order={names} errors={errors} />
      <FieldList
        idPrefix="product"
        names={listed(names.slice(0, box))}
        specs={SPECS}
        errors={errors}
        initial={values}
      />
      <FewLeftBox checked={values.showFewLeft === 'on'} />
      <FieldList idPrefix="product" names={listed(names.slice(box))} specs={SPECS} errors={errors} initial={values} />
      {/* Stays at the bottom of the screen while the form is in view: Save is never a long scroll away. */}
      <div className="product-form__actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        <p className="product-form__hint">{hint}</p>
      </div>
    </form>
  )
}

/** A box inside its label, so the whole line is the target (the workspace's targets.scss). */
function FewLeftBox({ checked }: { checked: boolean }) {
  const id = fieldId('product', 'showFewLeft')
  return (
    <div className="field">
      <label htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name="showFewLeft"
          value="on"
          defaultChecked={checked}
          aria-describedby={`${id}-hint`}
        />
        Say “Only 1 left” on its page
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        While 1 or 2 are ready (“Only 2 left”).
      </p>
    </div>
  )
}
