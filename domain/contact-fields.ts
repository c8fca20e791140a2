/**
 * Without the schema: the form renders from these on every load,
 * while the valibot schema is fetched only when a visitor sends.
 */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

/** Upper bounds keep one enquiry from bloating the data file or the owner's inbox. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const

/** What the visitor typed, as typed (the schema trims on submit). */
export type ContactValues = Record<ContactField, string>

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', email: '', subject: '', message: '' }

/** The name of the hidden field only bots fill in. */
export const HONEYPOT_FIELD = 'website'

/**
 * A no-JavaScript post that needs another go: the values kept, the errors beside the
 * fields, and a sentence for the whole form (too many enquiries, could not save).
 */
export type ContactFormState = {
  values: ContactValues
  errors: Partial<Record<ContactField, string>>
  formError?: string
}

/** Picks the form's fields from any body (a plain form post, JSON, FormData entries): strings only. */
export function contactValuesFrom(body: unknown): ContactValues {
  const src = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const pick = (k: ContactField) => (typeof src[k] === 'string' ? (src[k] as string) : '')
  return {
    firstName: pick('firstName'),
    lastName: pick('lastName'),
    email: pick('email'),
    subject: pick('subject'),
    message: pick('message'),
  }
}

/** True when the honeypot holds anything: a person never sees or fills it. */
export function isHoneypotFilled(body: unknown): boolean {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null && value !== false
}
