import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { InboxView } from '../../../domain/inbox.ts'

export type Data = { inbox: InboxView; newEnquiries: number }

export function data(pageContext: PageContextServer): Data {
  // Set only by the server's owner check and inbox route; a request that reached the page another way is refused.
  const inbox = pageContext.adminInbox
  if (!inbox) throw render(404)
  return { inbox, newEnquiries: pageContext.newEnquiries ?? 0 }
}
