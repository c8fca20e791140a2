import { CONTACT_SUBJECTS } from '../../../domain/business.ts'
import { STATE_FILTER_LABELS, STATE_FILTERS, type InboxFilter } from '../../../domain/inbox.ts'

/**
 * A plain GET form: the filter lives in the address, so it works without scripts and can be bookmarked.
 * Three rows on a phone (search, the two lists side by side, the checkbox), so the enquiries start
 * in the first screen; each list's first choice says what it is, and its label shows from tablet width.
 */
export function InboxFilters({ filter }: { filter: InboxFilter }) {
  return (
    <form className="inbox-filters" method="get" action="/admin/enquiries" role="search" aria-label="Find enquiries">
      <div className="field inbox-filters__search">
        <label htmlFor="inbox-q">Search name, e-mail or message</label>
        <div className="inbox-filters__search-row">
          <input id="inbox-q" name="q" type="search" defaultValue={filter.q} maxLength={200} autoComplete="off" />
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </div>
      </div>
      <div className="field inbox-filters__choice">
        <label htmlFor="inbox-subject">Subject</label>
        <select id="inbox-subject" name="subject" defaultValue={filter.subject ?? ''}>
          <option value="">Every subject</option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field inbox-filters__choice">
        <label htmlFor="inbox-state">State</label>
        <select id="inbox-state" name="state" defaultValue={filter.state}>
          {STATE_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATE_FILTER_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="inbox-filters__last">
        {/* The label wraps the box, so the whole line is the target. */}
        <label className="inbox-filters__check">
          <input id="inbox-unsent" name="unsent" type="checkbox" value="1" defaultChecked={filter.unsent} />
          Only those not e-mailed
        </label>
        <a className="tap-link" href={filter.spam ? '/admin/enquiries?spam=1' : '/admin/enquiries'}>
          Clear
        </a>
      </div>
      {filter.spam ? <input type="hidden" name="spam" value="1" /> : null}
    </form>
  )
}
