import { ConfirmPanel } from '../../../../components/admin/ConfirmPanel.tsx'
import type { OrderView } from '../../../../domain/order-view.ts'

/** Mark as sent, write to the customer, erase their details: plain links and forms that post. */
export function OrderActions({ order: o }: { order: OrderView }) {
  const here = `/admin/orders/${encodeURIComponent(o.id)}`
  return (
    <section className="order__actions" aria-labelledby="order-actions">
      <h2 id="order-actions">What to do</h2>
      {o.toSend ? (
        <form method="post" action={here} className="order__sent-form">
          <input type="hidden" name="action" value="sent" />
          <div className="field">
            <label htmlFor="order-tracking">Tracking note (optional)</label>
            <input id="order-tracking" name="tracking" type="text" maxLength={200} autoComplete="off" />
          </div>
          <button type="submit" className="btn btn-primary">
            Mark as sent
          </button>
        </form>
      ) : null}
      <div className="order__buttons">
        {o.mailHref ? (
          <a className={`btn ${o.toSend ? 'btn-outline' : 'btn-primary'}`} href={o.mailHref}>
            E-mail the customer
          </a>
        ) : null}
        {o.erased || o.confirmErase ? null : (
          <a className="btn btn-outline" href={`${here}?confirm=erase#confirm-erase`}>
            Erase this customer&apos;s details…
          </a>
        )}
      </div>
      {o.confirmErase && !o.erased ? (
        <ConfirmPanel
          id="confirm-erase"
          title="Erase this customer's details?"
          action={
            <form method="post" action={here}>
              <input type="hidden" name="action" value="erase" />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" className="btn btn-primary">
                Erase their details
              </button>
            </form>
          }
          cancelHref={here}
        >
          For a request under UK GDPR: their name, e-mail, phone, delivery address and tracking notes go from this order
          and every other order with their e-mail address, in every orders file. What was sold, the amounts and the
          dates stay, as the accounts need them. It cannot be undone.
        </ConfirmPanel>
      ) : null}
    </section>
  )
}
