import { useEffect, useRef, useState } from 'react'
import { availabilityOf, availabilityText, isSoldOut } from '../../domain/availability.ts'
import { productPath } from '../../domain/catalogue.ts'
import {
  buildOrderNote,
  buildPaymentUrl,
  clientReference,
  checkOrder,
  ORDER_FIELDS,
  type OrderField,
  type OrderForm as OrderValues,
} from '../../domain/order.ts'
import { NOT_CHECKED, SHOWN_NAME_FIELD, TERMS_FIELDS, termsOf } from '../../domain/order-terms.ts'
import type { Product } from '../../domain/product.ts'
import { clearFields, readFields, useFieldErrors } from '../form/form-state.ts'
import { OrderFields, PaymentNote } from './OrderFields.tsx'
import { openPaymentTab } from './payment-tab.ts'
import type { TermsNow } from './terms-now.ts'

/** The terms ordered on: name, price and, for a product made to order, its lead time. */
export function OrderSummary({
  id,
  product,
}: {
  id?: string
  product: Pick<Product, 'name' | 'price' | 'availability' | 'leadTime'>
}) {
  return (
    <p id={id} className="order-dialog__product">
      <span className="order-dialog__product-name">
        {product.name}
        {availabilityOf(product) === 'made-to-order' ? (
          <span className="order-dialog__product-availability">{availabilityText(product)}</span>
        ) : null}
      </span>
      <span className="order-dialog__product-price">{product.price}</span>
    </p>
  )
}

type Props = {
  idPrefix: string
  product: Product
  /** The summary's id, for the dialog's description. */
  summaryId?: string
  onPlaced?: () => void
  onCancel?: () => void
  /** Where Cancel leads without JavaScript (the product page's own form). */
  cancelHref?: string
  newTab: boolean
  initial?: OrderValues
  initialErrors?: Partial<Record<OrderField, string>>
  /** What changed since the visitor's page was shown (a post sent back). */
  initialNotice?: string
}

type Notice = { sentence: string; closed: boolean }

/**
 * Posts to the product's address so it works without JavaScript; with it, the product is checked
 * first and the payment page opens in a new tab. Either way an order on terms that changed since the
 * page was shown comes back with the new terms and what was typed.
 */
export function OrderForm({
  idPrefix,
  product,
  summaryId,
  onPlaced,
  onCancel,
  cancelHref,
  newTab,
  initial,
  initialErrors,
  initialNotice,
}: Props) {
  const { errors, onInput, show: showErrors, clear: clearErrors } = useFieldErrors<OrderField>(initialErrors)
  const [shown, setShown] = useState(product)
  const [notice, setNotice] = useState<Notice | null>(initialNotice ? { sentence: initialNotice, closed: false } : null)
  const checking = useRef(false)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const focusNotice = useRef(false)
  const closed = isSoldOut(shown) || notice?.closed === true

  // Brought to the visitor, who may be scrolled down to the Purchase button.
  useEffect(() => {
    if (!focusNotice.current) return
    focusNotice.current = false
    noticeRef.current?.focus()
  }, [notice])

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (checking.current || closed) return
    const form = e.currentTarget
    const values = readFields(form, ORDER_FIELDS)
    const result = checkOrder(shown.category, values)
    if (!result.success) {
      showErrors(form, result.errors, ORDER_FIELDS)
      return
    }
    const tab = openPaymentTab()
    checking.current = true
    // Fetched on the press, after the tab is open: a page that never orders never carries it.
    const checks = import('./terms-now.ts')
    const asked = checks.then(({ termsNow }) => termsNow(shown))
    void asked
      .catch((): TermsNow => ({ same: false, sentence: NOT_CHECKED, closed: false }))
      .then((now) => {
        checking.current = false
        if (!now.same) {
          tab.close()
          if (now.product) setShown(now.product)
          focusNotice.current = true
          setNotice({ sentence: now.sentence, closed: now.closed })
          return
        }
        tab.go(
          buildPaymentUrl(
            now.product.paymentLink,
            buildOrderNote(now.product, values),
            clientReference(now.product, values.size),
          ),
        )
        void checks.then(({ countHandoff }) => countHandoff(now.product))
        clearFields(form, ORDER_FIELDS)
        clearErrors()
        setNotice(null)
        onPlaced?.()
      })
  }

  const terms = termsOf(shown)
  return (
    <>
      <OrderSummary id={summaryId} product={shown} />
      {notice ? (
        <p ref={noticeRef} className="order-form__notice" role="alert" tabIndex={-1}>
          {notice.sentence}
        </p>
      ) : null}
      {closed ? (
        <p className="order-form__contact">
          Nothing was ordered. Questions about it, or something like it? <a href="/contact">Contact us</a>.
        </p>
      ) : null}
      <form
        method="post"
        action={`${productPath(shown)}?order=1#order`}
        noValidate
        onSubmit={onSubmit}
        onInput={onInput}
        className="order-form"
      >
        <fieldset className="order-form__fields" disabled={closed}>
          <input type="hidden" name={TERMS_FIELDS.price} value={terms.price} />
          <input type="hidden" name={TERMS_FIELDS.availability} value={terms.availability} />
          <input type="hidden" name={TERMS_FIELDS.leadTime} value={terms.leadTime} />
          <input type="hidden" name={SHOWN_NAME_FIELD} value={shown.name} />
          <OrderFields idPrefix={idPrefix} category={shown.category} errors={errors} initial={initial} />
        </fieldset>
        {closed ? null : <PaymentNote newTab={newTab} />}
        <div className="order-form__actions">
          {onCancel ? (
            <button type="button" className="btn btn-outline" onClick={onCancel}>
              Cancel
            </button>
          ) : cancelHref ? (
            <a className="btn btn-outline" href={cancelHref}>
              Cancel
            </a>
          ) : null}
          {closed ? null : (
            <button type="submit" className="btn btn-primary">
              Purchase
            </button>
          )}
        </div>
      </form>
    </>
  )
}
