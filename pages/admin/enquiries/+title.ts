import type { PageContext } from 'vike/types'
import { inboxQuery } from '../../../domain/inbox.ts'
import type { Data } from './+data.ts'

/**
 * What the list shows, said first as the page arrives: a search or a filter answers with its count,
 * and a later page with its number, so a screen reader knows what came back before reading on.
 */
export default ({ data }: PageContext<Data>) => {
  const { filter, total, pages } = data.inbox
  const heading = filter.spam ? 'Likely spam' : 'Enquiries'
  const filtered = inboxQuery(filter, { page: 1, spam: false }) !== ''
  const found = filtered ? `: ${total === 0 ? 'none match' : `${total.toLocaleString('en-GB')} match`}` : ''
  const page = filter.page > 1 ? `, page ${filter.page} of ${pages}` : ''
  return `${heading}${found}${page} | Ashbourne Leather`
}
