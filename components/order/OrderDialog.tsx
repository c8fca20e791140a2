import { useEffect, useId, useRef } from 'react'
import { orderStore } from '../../stores/order-store.ts'
import { OrderForm } from './OrderForm.tsx'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), ' +
  'select:not([disabled]), textarea:not([disabled]), ' +
  '[tabindex]:not([tabindex="-1"])'

/**
 * Modal <dialog>: focus wraps inside and returns to 'Purchase Now'; a valid order
 * on the terms shown opens the payment link; nothing typed is sent to our server.
 */
export function OrderDialog() {
  const product = orderStore.useSelector((s) => s.product)
  const close = orderStore.useSelector((s) => s.close)
  const trigger = orderStore.useSelector((s) => s.trigger)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus()
    return () => {
      if (trigger?.isConnected) trigger.focus()
    }
  }, [trigger])

  if (!product) return null

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
        <OrderForm
          idPrefix={id}
          product={product}
          summaryId={`${id}-product`}
          onPlaced={close}
          onCancel={close}
          newTab
        />
      </div>
    </dialog>
  )
}
