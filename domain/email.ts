import * as v from 'valibot'

/**
 * The site's one e-mail rule, for every form that asks for an address: trimmed, present, and shaped
 * like an address by valibot's `email` check (a local part, `@`, a domain with a dot; no spaces). Each
 * form says it in its own words: `required` when the field is empty, `invalid` when it does not look
 * like an address.
 */
export function emailAddress(messages: { required: string; invalid: string }) {
  return v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.email(messages.invalid))
}
