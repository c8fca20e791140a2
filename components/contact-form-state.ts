import type { ContactField } from '../domain/contact-fields.ts'

/** What the visitor typed, as typed (the schema trims on submit). `website` is the honeypot. */
export type ContactValues = Record<ContactField, string>

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', email: '', subject: '', message: '' }

/** The name of the hidden field only bots fill in. */
export const HONEYPOT_FIELD = 'website'

/**
 * A no-JavaScript post that needs another go: the values kept, the errors beside the fields, and
 * a sentence for the whole form (too many messages, could not save). Handed from the POST to the
 * /contact page through a short-lived server-side flash; see server/routes/contact.server.ts.
 */
export type ContactFormState = {
  values: ContactValues
  errors: Partial<Record<ContactField, string>>
  formError?: string
}

/** Picks the form's fields from any body (a plain form post or JSON): strings only. */
export function contactValuesFrom(body: unknown): ContactValues {
  const src = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const pick = (k: ContactField) => (typeof src[k] === 'string' ? (src[k] as string) : '')
  return { firstName: pick('firstName'), lastName: pick('lastName'), email: pick('email'), subject: pick('subject'), message: pick('message') }
}

/** True when the honeypot holds anything: a person never sees or fills it. */
export function isHoneypotFilled(body: unknown): boolean {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null && value !== false
}

declare global {
  namespace Vike {
    interface PageContext {
      /** Set by the server when rendering /contact after a no-JS post that needs correcting. */
      contactForm?: ContactFormState
    }
  }
}
