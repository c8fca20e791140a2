import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { EnquiryView } from '../../../../domain/inbox.ts'

export type Data = { enquiry: EnquiryView; newEnquiries: number }

export function data(pageContext: PageContextServer): Data {
  const enquiry = pageContext.adminEnquiry
  if (!enquiry) throw render(404)
  return { enquiry, newEnquiries: pageContext.newEnquiries ?? 0 }
}
