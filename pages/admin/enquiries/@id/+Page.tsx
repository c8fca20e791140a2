import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { inboxQuery, STATE_FILTER_LABELS, type EnquiryView } from '../../../../domain/inbox.ts'
import { useData } from '../../../../renderer/useData.ts'
import { Notice } from '../Notice.tsx'
import type { Data } from './+data.ts'
import { DeliveryPanel } from './DeliveryPanel.tsx'
import { EnquiryActions } from './EnquiryActions.tsx'

/** The owner's word first; the rules' guess stays said beside it. */
function spamVerdict(e: EnquiryView): string {
  const rules = e.likelySpam ? `the automatic check said likely spam (${e.likelySpam})` : ''
  if (!e.spamByOwner) return `Likely spam: ${e.likelySpam}. Kept apart until you say otherwise.`
  const yours = e.spam ? 'You marked it as spam' : 'You marked it as not spam'
  return rules ? `${yours}; ${rules}.` : `${yours}.`
}

export default function Page() {
  const { enquiry: e, newEnquiries } = useData<Data>()
  return (
    <WorkspaceLayout current="enquiries" newEnquiries={newEnquiries} title={e.name} titleId="enquiry-name">
      <article className="enquiry" aria-labelledby="enquiry-name">
        <p className="enquiry__back">
          <a href={`/admin/enquiries${inboxQuery(e.filter)}`}>← All enquiries</a>
        </p>
        <Notice text={e.notice} />
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
        <EnquiryActions enquiry={e} />
        <DeliveryPanel enquiry={e} />
      </article>
    </WorkspaceLayout>
  )
}
