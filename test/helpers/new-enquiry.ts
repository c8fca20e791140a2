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
