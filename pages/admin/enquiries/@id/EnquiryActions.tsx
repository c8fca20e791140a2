import type { FormEventHandler } from 'react'
import { ConfirmPanel } from '../../../../components/admin/ConfirmPanel.tsx'
import { inboxQuery, type EnquiryView } from '../../../../domain/inbox.ts'

export function ActionForm({
  enquiry,
  action,
  label,
  primary = false,
  onSubmit,
}: {
  enquiry: EnquiryView
  action: string
  label: string
  primary?: boolean
  onSubmit?: FormEventHandler<HTMLFormElement>
}) {
  return (
    <form
      method="post"
      action={`/admin/enquiries/${encodeURIComponent(enquiry.id)}${inboxQuery(enquiry.filter)}`}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="action" value={action} />
      {action === 'delete' ? <input type="hidden" name="confirm" value="yes" /> : null}
      <button type="submit" className={`btn ${primary ? 'btn-primary' : 'btn-outline'}`}>
        {label}
      </button>
    </form>
  )
}

export function EnquiryActions({
  enquiry: e,
  onReply,
}: {
  enquiry: EnquiryView
  onReply?: FormEventHandler<HTMLFormElement>
}) {
  const here = `/admin/enquiries/${encodeURIComponent(e.id)}`
  const query = inboxQuery(e.filter)
  const confirmHref = `${here}${query ? `${query}&` : '?'}confirm=delete#confirm-delete`
  return (
    <section className="enquiry__actions" aria-labelledby="enquiry-actions">
      <h2 id="enquiry-actions" className="visually-hidden">
        Actions
      </h2>
      <div className="enquiry__buttons">
        {/* Marks it answered and opens the mail app: one tap with the page's script, the reply's link next without it. */}
        {e.answeredAt ? null : (
          <ActionForm enquiry={e} action="reply" label="Reply by e-mail and mark answered" primary onSubmit={onReply} />
        )}
        <a className={`btn ${e.answeredAt ? 'btn-primary' : 'btn-outline'}`} href={e.replyHref}>
          Reply by e-mail
        </a>
        {e.answeredAt ? (
          <ActionForm enquiry={e} action="unanswered" label="Not answered yet" />
        ) : (
          <ActionForm enquiry={e} action="answered" label="Mark as answered" />
        )}
        {e.spam ? (
          <ActionForm enquiry={e} action="not-spam" label="Not spam" />
        ) : (
          <ActionForm enquiry={e} action="spam" label="Spam" />
        )}
        {e.archived ? (
          <ActionForm enquiry={e} action="unarchive" label="Unarchive" />
        ) : (
          <ActionForm enquiry={e} action="archive" label="Archive" />
        )}
        <ActionForm enquiry={e} action="unread" label="Mark as new" />
        {e.confirmDelete ? null : (
          <a className="btn btn-outline enquiry__delete" href={confirmHref}>
            Delete for good…
          </a>
        )}
      </div>
      {e.replyQuotedInPart ? (
        <p className="enquiry__note">The message is long: the reply quotes its start, so every mail app opens it.</p>
      ) : null}
      {e.confirmDelete ? (
        <ConfirmPanel
          id="confirm-delete"
          title="Delete this enquiry for good?"
          action={<ActionForm enquiry={e} action="delete" label="Delete for good" primary />}
          cancelHref={`${here}${query}`}
        >
          It is removed from the data file, the journal and the archives, and cannot be brought back. Use this when a
          visitor asks to be forgotten; to put it away, archive it instead.
        </ConfirmPanel>
      ) : null}
    </section>
  )
}
