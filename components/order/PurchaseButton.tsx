import { isSoldOut } from '../../domain/availability.ts'
import { productPath } from '../../domain/catalogue.ts'
import { isPaymentLink } from '../../domain/payment-link.ts'
import type { Product } from '../../domain/product.ts'

type Props = {
  product: Pick<Product, 'id' | 'name' | 'availability' | 'paymentLink'>
  onPurchase?: (trigger: HTMLButtonElement) => void
  /** The visitor may buy soon: a chance to fetch the dialog's code. */
  onIntent?: () => void
  describedBy?: string
}

/**
 * A real button in a form, so it works from first paint without JavaScript; with scripts it opens the dialog instead.
 */
export function PurchaseButton({ product, onPurchase, onIntent, describedBy }: Props) {
  if (isSoldOut(product)) {
    return (
      <div className="purchase-form">
        <button type="button" className="btn btn-primary" disabled aria-describedby={describedBy}>
          Sold out
        </button>
      </div>
    )
  }
  // The owner's file holds a payment link the site will not send anyone to.
  if (!isPaymentLink(product.paymentLink)) {
    return (
      <p className="purchase-form purchase-form--offline">
        This product cannot be ordered online just now. <a href="/contact">Please get in touch to order it.</a>
      </p>
    )
  }
  return (
    <form
      method="get"
      action={`${productPath(product)}#order`}
      className="purchase-form"
      onSubmit={(e) => {
        if (!onPurchase) return
        e.preventDefault()
        const submitter = (e.nativeEvent as SubmitEvent).submitter
        onPurchase(submitter instanceof HTMLButtonElement ? submitter : e.currentTarget.querySelector('button')!)
      }}
    >
      <input type="hidden" name="order" value="1" />
      <button
        type="submit"
        className="btn btn-primary"
        onPointerEnter={onIntent}
        onFocus={onIntent}
        aria-describedby={describedBy}
      >
        Purchase Now
      </button>
    </form>
  )
}
