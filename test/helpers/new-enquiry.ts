import type { NewEnquiry } from '../../data/store.server.ts'

/** The n-th enquiry a test saves: a valid one, told apart by its name and e-mail. */
export function newEnquiry(
  n: number,
  notification: NewEnquiry['notification'] = { status: 'disabled', attempts: [] },
): NewEnquiry {
  return {
    firstName: `Ann${n}`,
    lastName: 'Lee',
    email: `ann${n}@example.com`,
    subject: 'general',
    message: 'Hello there, a question.',
    notification,
  }
}

/**
 * Sends an enquiry to a running site as a visitor's browser does (JSON, from the site's own origin), from
 * `firstName` (an e-mail made from it), about anything in general unless told; the answer as fetch gives it.
 */
export function sendEnquiry(
  siteUrl: string,
  fields: { firstName: string; lastName: string; message: string; subject?: string },
): Promise<Response> {
  return fetch(`${siteUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteUrl },
    body: JSON.stringify({ email: `${fields.firstName.toLowerCase()}@example.com`, subject: 'general', ...fields }),
  })
}
