import { FOOTWEAR_SIZES, type Category } from '../../domain/business.ts'
import type { OrderField, OrderForm } from '../../domain/order.ts'
import { FieldList, type FieldSpec } from '../form/Field.tsx'

/** The order's fields, in the form's order; the size is shown for footwear only. */
const FIELDS = [
  { name: 'firstName', label: 'First name', control: { kind: 'input', type: 'text' }, autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', control: { kind: 'input', type: 'text' }, autoComplete: 'family-name' },
  { name: 'email', label: 'Email', control: { kind: 'input', type: 'email' }, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', control: { kind: 'input', type: 'tel' }, autoComplete: 'tel' },
  { name: 'address', label: 'Delivery address', control: { kind: 'textarea', rows: 3 }, autoComplete: 'street-address', wide: true },
  { name: 'size', label: 'Size (EU)', control: { kind: 'select', placeholder: 'Select a size', options: FOOTWEAR_SIZES.map((s) => ({ value: s, label: s })) } },
] as const satisfies readonly FieldSpec<OrderField>[]

// Every field of the order is in the list: a field added to the schema without one fails the type check.
true satisfies [OrderField] extends [(typeof FIELDS)[number]['name']] ? true : false

const ONE_SIZE_FIELDS = FIELDS.filter((f) => f.name !== 'size')

type Props = {
  /** Makes the controls' ids unique on the page. */
  idPrefix: string
  category: Category
  errors: Partial<Record<OrderField, string>>
  /** What the fields start with (a no-JavaScript order sent back with its errors). */
  initial?: OrderForm
}

/** The order's fields, the same in the dialog and in the form a product page shows without JavaScript. */
export function OrderFields({ idPrefix, category, errors, initial }: Props) {
  return (
    <div className="order-form__grid">
      <FieldList idPrefix={idPrefix} fields={category === 'footwear' ? FIELDS : ONE_SIZE_FIELDS} errors={errors} initial={initial} />
    </div>
  )
}

/** The sentence under the fields: where the visitor pays. */
export function PaymentNote({ newTab }: { newTab: boolean }) {
  return (
    <p className="order-form__note">
      {newTab
        ? "You will pay securely by card on our payment provider's page, which opens in a new tab."
        : "You will pay securely by card on our payment provider's page."}
    </p>
  )
}
