import type { NewMessage } from '../../data/store.server.ts'

/** The n-th enquiry a test saves: a valid one, told apart by its name and e-mail. */
export function newMessage(n: number, notification: NewMessage['notification'] = { status: 'disabled', attempts: [] }): NewMessage {
  return {
    firstName: `Ann${n}`,
    lastName: 'Lee',
    email: `ann${n}@example.com`,
    subject: 'general',
    message: 'Hello there, a question.',
    notification,
  }
}
