import { FOOTWEAR_SIZES, type Category } from '../../domain/business.ts'
import type { OrderField, OrderForm } from '../../domain/order.ts'
import { controlProps, Field } from '../form/Field.tsx'

const TEXT_FIELDS: { name: Exclude<OrderField, 'size'>; label: string; type: string; autoComplete: string; multiline?: boolean }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Delivery address', type: 'text', autoComplete: 'street-address', multiline: true },
]

type Props = {
  /** Makes the controls' ids unique on the page. */
  idPrefix: string
  category: Category
  errors: Partial<Record<OrderField, string>>
  /** What the fields start with (a no-JavaScript order sent back with its errors). */
  initial?: OrderForm
}

/**
 * The order's fields, the same in the dialog and in the form a product page shows without
 * JavaScript. They keep what the visitor types (uncontrolled); the form reads them when it is sent.
 */
export function OrderFields({ idPrefix, category, errors, initial }: Props) {
  const control = (f: OrderField) => ({ ...controlProps(`${idPrefix}-${f}`, f, errors[f]), defaultValue: initial?.[f] ?? '' })
  return (
    <div className="order-form__grid">
      {TEXT_FIELDS.map((f) => (
        <Field key={f.name} id={`${idPrefix}-${f.name}`} label={f.label} error={errors[f.name]} wide={f.multiline}>
          {f.multiline ? <textarea rows={3} autoComplete={f.autoComplete} {...control(f.name)} /> : <input type={f.type} autoComplete={f.autoComplete} {...control(f.name)} />}
        </Field>
      ))}
      {category === 'footwear' ? (
        <Field id={`${idPrefix}-size`} label="Size (EU)" error={errors.size}>
          <select {...control('size')}>
            <option value="">Select a size</option>
            {FOOTWEAR_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
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
