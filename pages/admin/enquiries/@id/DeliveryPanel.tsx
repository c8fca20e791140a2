import type { EnquiryView } from '../../../../domain/inbox.ts'
import { ActionForm } from './EnquiryActions.tsx'

export function DeliveryPanel({ enquiry: e }: { enquiry: EnquiryView }) {
  const d = e.delivery
  return (
    <section className="enquiry__delivery" data-delivery={d.state} aria-labelledby="enquiry-delivery">
      <h2 id="enquiry-delivery">E-mail to you</h2>
      <p className="enquiry__delivery-summary">{d.summary}</p>
      {d.serverSaid ? (
        <p>
          The mail server said: <q className="enquiry__server-said">{d.serverSaid}</q>
        </p>
      ) : null}
      {d.nextTry ? <p>Next try on its own: {d.nextTry}.</p> : null}
      {d.canSendAgain ? (
        <ActionForm enquiry={e} action="resend" label={d.state === 'off' ? 'Send it now' : 'Send again'} />
      ) : null}
    </section>
  )
}
