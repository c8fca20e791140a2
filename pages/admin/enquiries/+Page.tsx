import { WorkspaceLayout } from '../../../components/admin/WorkspaceLayout.tsx'
import { INBOX_PAGE_SIZE, inboxQuery } from '../../../domain/inbox.ts'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { InboxFilters } from './InboxFilters.tsx'
import { AlsoMatching } from './AlsoMatching.tsx'
import { InboxList } from './InboxList.tsx'
import { Notice } from './Notice.tsx'

export default function Page() {
  const { inbox, tabs } = useData<Data>()
  const { filter, total, pages, counts } = inbox
  const first = total === 0 ? 0 : (filter.page - 1) * INBOX_PAGE_SIZE + 1
  const last = Math.min(total, filter.page * INBOX_PAGE_SIZE)
  const exportQuery = inboxQuery(filter, { page: 1 })
  return (
    <WorkspaceLayout current="enquiries" tabs={tabs} title={filter.spam ? 'Likely spam' : 'Enquiries'}>
      <div className="inbox">
        <header className="inbox__head">
          <p className="inbox__counts">
            {counts.new} new · {counts.unsent} not e-mailed ·{' '}
            {filter.spam ? (
              <a className="tap-link" href="/admin/enquiries">
                Back to the inbox
              </a>
            ) : (
              <a className="tap-link" href="/admin/enquiries?spam=1">
                {counts.spam} likely spam, kept apart
              </a>
            )}
          </p>
        </header>
        <Notice text={inbox.notice} />
        <InboxFilters filter={filter} />
        <p className="inbox__summary">
          {total === 0
            ? 'No enquiries match.'
            : `Showing ${first}–${last} of ${total.toLocaleString('en-GB')}, newest first.`}
          <AlsoMatching filter={filter} also={inbox.alsoMatching} />
        </p>
        <InboxList rows={inbox.rows} filter={filter} />
        {pages > 1 ? (
          <nav className="inbox__pages" aria-label="Pages">
            {filter.page > 1 ? (
              <a href={`/admin/enquiries${inboxQuery(filter, { page: filter.page - 1 })}`}>Newer</a>
            ) : (
              <span />
            )}
            <span>
              Page {filter.page} of {pages}
            </span>
            {filter.page < pages ? (
              <a href={`/admin/enquiries${inboxQuery(filter, { page: filter.page + 1 })}`}>Older</a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
        <p className="inbox__export">
          Download as CSV (opens in Excel or LibreOffice):{' '}
          <a className="tap-link" href={`/admin/enquiries.csv${exportQuery}`}>
            these {total.toLocaleString('en-GB')}
          </a>{' '}
          ·{' '}
          <a className="tap-link" href="/admin/enquiries.csv?all=1">
            every enquiry
          </a>
        </p>
      </div>
    </WorkspaceLayout>
  )
}
