import { FOOTWEAR_SIZES, type Category } from '../../domain/business.ts'
import { ORDER_FIELDS, type OrderField, type OrderForm } from '../../domain/order.ts'
import { FieldList, type FieldSpec } from '../form/Field.tsx'

const FIELDS: Record<OrderField, FieldSpec> = {
  firstName: { label: 'First name', control: { kind: 'input', type: 'text' }, autoComplete: 'given-name' },
  lastName: { label: 'Last name', control: { kind: 'input', type: 'text' }, autoComplete: 'family-name' },
  email: { label: 'Email', control: { kind: 'input', type: 'email' }, autoComplete: 'email' },
  phone: { label: 'Phone', control: { kind: 'input', type: 'tel' }, autoComplete: 'tel' },
  address: {
    label: 'Delivery address',
    control: { kind: 'textarea', rows: 3 },
    autoComplete: 'street-address',
    wide: true,
  },
  size: {
    label: 'Size (EU)',
    control: {
      kind: 'select',
      placeholder: 'Select a size',
      options: FOOTWEAR_SIZES.map((s) => ({ value: s, label: s })),
    },
  },
}

/** Bags and belts come in one size: no size to choose. */
const ONE_SIZE_FIELDS = ORDER_FIELDS.filter((f) => f !== 'size')

type Props = {
  idPrefix: string
  category: Category
  errors: Partial<Record<OrderField, string>>
  initial?: OrderForm
}

export function OrderFields({ idPrefix, category, errors, initial }: Props) {
  return (
    <div className="order-form__grid">
      <FieldList
        idPrefix={idPrefix}
        names={category === 'footwear' ? ORDER_FIELDS : ONE_SIZE_FIELDS}
        specs={FIELDS}
        errors={errors}
        initial={initial}
      />
    </div>
  )
}

export function PaymentNote({ newTab }: { newTab: boolean }) {
  return (
    <p className="order-form__note">
      {newTab
        ? "You will pay securely by card on our payment provider's page, which opens in a new tab."
        : "You will pay securely by card on our payment provider's page."}
    </p>
  )
}
