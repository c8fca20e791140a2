import * as v from 'valibot'

/** The site's one e-mail rule (valibot's `email`); each form says it in its own words. */
export function emailAddress(messages: { required: string; invalid: string }) {
  return v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.email(messages.invalid))
}
