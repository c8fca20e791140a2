import { useEffect, useRef, useState, type FormEvent } from 'react'
import { STATE_FILTER_LABELS, type EnquiryView } from '../../../../domain/inbox.ts'
import { ApiError, apiRequest } from '../../../../lib/api.ts'
import { island } from '../../../../components/island.tsx'
import { Notice } from '../Notice.tsx'
import { DeliveryPanel } from './DeliveryPanel.tsx'
import { EnquiryActions } from './EnquiryActions.tsx'

/** The owner's word first; the rules' guess stays said beside it. */
function spamVerdict(e: EnquiryView): string {
  const rules = e.likelySpam ? `the automatic check said likely spam (${e.likelySpam})` : ''
  if (!e.spamByOwner) return `Likely spam: ${e.likelySpam}. Kept apart until you say otherwise.`
  const yours = e.spam ? 'You marked it as spam' : 'You marked it as not spam'
  return rules ? `${yours}; ${rules}.` : `${yours}.`
}

const notMarked = (err: unknown) =>
  `Your mail app opens with the reply, but the enquiry could not be marked as answered ` +
  `(${err instanceof ApiError ? (err.serverError ?? err.message) : 'the connection failed'}). ` +
  `Tap Mark as answered once you have replied.`

/**
 * An enquiry and what can be done with it. Every action is a form that posts; with this script,
 * "Reply by e-mail and mark answered" opens the mail app on the same tap and shows the new state in place.
 */
function EnquiryBody({ enquiry }: { enquiry: EnquiryView }) {
  const [e, setE] = useState(enquiry)
  const said = useRef<HTMLDivElement>(null)
  const [answered, setAnswered] = useState(0)
  // The tap was at the foot of the page: the answer is brought into view, and focused as its button is gone
  // (React's autoFocus acts on form fields only when it renders in the browser).
  useEffect(() => {
    if (answered === 0) return
    said.current?.querySelector<HTMLElement>('[role="status"]')?.focus({ preventScroll: true })
    said.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  }, [answered])

  const onReply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The attribute: the form's `action` property is its field named "action".
    const url = event.currentTarget.getAttribute('action')!
    const marking = apiRequest('POST', url, { action: 'reply' }, { accept: 'application/json' })
    // On the tap itself: a browser hands a link to another app only from a person's gesture.
    window.location.href = e.replyHref
    void marking
      .then(async (res) => setE(((await res.json()) as { enquiry: EnquiryView }).enquiry))
      .catch((err: unknown) => setE((now) => ({ ...now, notice: notMarked(err), replyReady: false })))
      .finally(() => setAnswered((n) => n + 1))
  }

  return (
    <>
      <div ref={said}>
        <Notice text={e.notice}>
          {e.replyReady ? (
            <a className="btn btn-primary inbox-notice__action" href={e.replyHref}>
              Write the reply in your mail app
            </a>
          ) : null}
        </Notice>
      </div>
      <dl className="enquiry__facts">
        <dt>E-mail</dt>
        <dd>{e.email}</dd>
        <dt>Subject</dt>
        <dd>{e.subject}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={e.createdAt}>{e.received}</time>
        </dd>
        <dt>State</dt>
        <dd>
          {STATE_FILTER_LABELS[e.state]}
          {e.answeredAt ? ` (answered ${e.answeredAt})` : ''}
        </dd>
        {e.likelySpam || e.spamByOwner ? (
          <>
            <dt>Spam</dt>
            <dd>{spamVerdict(e)}</dd>
          </>
        ) : null}
      </dl>
      <h2 className="visually-hidden">Message</h2>
      <div className="enquiry__message">{e.message}</div>
      <EnquiryActions enquiry={e} onReply={onReply} />
      <DeliveryPanel enquiry={e} />
    </>
  )
}

export const EnquiryBodyIsland = island('enquiry-body', EnquiryBody)
