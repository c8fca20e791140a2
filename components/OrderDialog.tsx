import { useEffect, useId, useRef, type RefObject } from 'react'
import * as v from 'valibot'
import { FOOTWEAR_SIZES } from '../domain/business.ts'
import { fieldErrors } from '../domain/form-errors.ts'
import { buildOrderNote, buildPaymentUrl, orderSchemaFor, type OrderField } from '../domain/order.ts'
import { orderStore } from '../stores/order-store.ts'
import './OrderDialog.scss'

const FIELDS: { name: Exclude<OrderField, 'size'>; label: string; type: string; autoComplete: string; multiline?: boolean }[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Delivery address', type: 'text', autoComplete: 'street-address', multiline: true },
]

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * 'Place Your Order' (SPEC §2 Order dialog). A modal <dialog>: focus moves in, stays in while open
 * (Tab wraps), and returns to the 'Purchase Now' button after. A valid order opens the product's
 * payment link in a new tab with the order summary as `note`; nothing is sent to our server.
 */
export default function OrderDialog({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const product = orderStore.useSelector((s) => s.product)
  const values = orderStore.useSelector((s) => s.values)
  const errors = orderStore.useSelector((s) => s.errors)
  const { close, setField, setErrors, reset } = orderStore.useStoreApi().getState()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('input, select, textarea')?.focus()
    const trigger = returnFocusTo.current
    return () => {
      // Focus goes back to the button that opened the dialog.
      if (trigger?.isConnected) trigger.focus()
    }
  }, [returnFocusTo])

  if (!product) return null
  const isFootwear = product.category === 'footwear'

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const result = v.safeParse(orderSchemaFor(product.category), values)
    if (!result.success) {
      const found = fieldErrors<OrderField>(result.issues)
      setErrors(found)
      const firstInvalid = (['firstName', 'lastName', 'email', 'phone', 'address', 'size'] as const).find((f) => found[f])
      if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    const url = buildPaymentUrl(product.paymentLink, buildOrderNote(product, values))
    window.open(url, '_blank', 'noopener')
    reset()
  }

  const errorId = (f: OrderField) => `${id}-${f}-error`
  const fieldProps = (f: OrderField) => ({
    id: `${id}-${f}`,
    name: f,
    value: values[f],
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? errorId(f) : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setField(f, e.target.value),
  })

  return (
    <dialog
      ref={dialogRef}
      className="order-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-product`}
      onCancel={(e) => {
        e.preventDefault() // Escape: close through our state so React stays in charge
        close()
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close() // a click on the backdrop
      }}
      onKeyDown={onKeyDown}
    >
      <div className="order-dialog__panel">
        <button type="button" className="order-dialog__close" aria-label="Close" onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={`${id}-title`} className="order-dialog__title">
          Place Your Order
        </h2>
        <p id={`${id}-product`} className="order-dialog__product">
          <span className="order-dialog__product-name">{product.name}</span>
          <span className="order-dialog__product-price">{product.price}</span>
        </p>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="order-form">
          <div className="order-form__grid">
            {FIELDS.map((f) => (
              <div key={f.name} className={`field${f.multiline ? ' field--wide' : ''}`}>
                <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
                {f.multiline ? (
                  <textarea rows={3} autoComplete={f.autoComplete} {...fieldProps(f.name)} />
                ) : (
                  <input type={f.type} autoComplete={f.autoComplete} {...fieldProps(f.name)} />
                )}
                {errors[f.name] ? (
                  <p className="field__error" id={errorId(f.name)}>
                    {errors[f.name]}
                  </p>
                ) : null}
              </div>
            ))}
            {isFootwear ? (
              <div className="field">
                <label htmlFor={`${id}-size`}>Size (EU)</label>
                <select {...fieldProps('size')}>
                  <option value="">Select a size</option>
                  {FOOTWEAR_SIZES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
                {errors.size ? (
                  <p className="field__error" id={errorId('size')}>
                    {errors.size}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
          <p className="order-form__note">You will pay securely by card on our payment provider's page, which opens in a new tab.</p>
          <div className="order-form__actions">
            <button type="button" className="btn btn-outline" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Purchase
            </button>
          </div>
        </form>
      </div>
    </dialog>
  )
}
