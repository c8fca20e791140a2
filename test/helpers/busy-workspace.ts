import { newEnquiry } from './new-enquiry.ts'
import type { TestServer } from './server.ts'

/** How many unread enquiries a busy workspace holds: enough for a two-figure count on the Enquiries tab. */
const NEW_ENQUIRIES = 12

/**
 * A shop as an owner has it after a busy week: new enquiries (so the tabs show their count) and a
 * history with a copy, a removal and a move in it. Returns an enquiry to open.
 */
export async function busyWorkspace(t: TestServer): Promise<{ enquiryId: string }> {
  let enquiryId = ''
  for (let n = 1; n <= NEW_ENQUIRIES; n++) enquiryId = (await t.store.addEnquiry(newEnquiry(n))).id
  const { catalogue } = t.services
  const copy = await catalogue.duplicate(t.store.products[0]!.id)
  if (copy) await catalogue.remove(copy)
  await catalogue.move(t.store.products[1]!.id, 'up')
  return { enquiryId }
}
