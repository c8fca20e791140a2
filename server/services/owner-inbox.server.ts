import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import type { Store } from '../../data/store.server.ts'
import type { EnquiryView, InboxFilter, InboxView } from '../../domain/inbox.ts'
import { countsAsNew } from './enquiry-state.server.ts'
import { enquiryView, inboxView } from './inbox.server.ts'
import type { MailOutbox } from './mail-outbox.server.ts'

/** The owner's inbox as the workspace's pages read it and its actions find an enquiry. */
export type OwnerInbox = {
  /** New enquiries, not kept apart as spam: the count beside the workspace's Enquiries tab. */
  newCount(): Promise<number>
  /** One page of the list for a filter, with the sentence after an action. */
  list(filter: InboxFilter, notice: string | null): Promise<InboxView>
  /** An enquiry by the id in its address: exactly, then without regard to case (an id typed by hand). */
  find(id: string): Promise<StoredEnquiry | undefined>
  /** What its page shows of one enquiry. */
  view(m: StoredEnquiry, shown: Omit<Parameters<typeof enquiryView>[1], 'mailConfigured'>): EnquiryView
}

export function ownerInbox(store: Store, outbox: MailOutbox): OwnerInbox {
  return {
    newCount: () => store.countEnquiries('new', countsAsNew),
    list: async (filter, notice) => inboxView(await store.allEnquiries(), filter, notice),
    find: async (id) =>
      (await store.findEnquiry(id)) ??
      (await store.allEnquiries()).find((m) => m.id.toLowerCase() === id.toLowerCase()),
    view: (m, shown) => enquiryView(m, { ...shown, mailConfigured: outbox.enabled }),
  }
}
