import { CONTACT_FIELDS, contactValuesFrom, type ContactFormState } from '../../domain/contact-fields.ts'
import { FormStateCookie } from './form-state-cookie.server.ts'

/** How long an enquiry form sent back to a visitor keeps its values and messages. */
export const RETURNED_FORM_TTL_MS = 30 * 60_000

export type ReturnedContactForms = FormStateCookie<ContactFormState>

/** The enquiry form's state between a post without JavaScript and `/contact?form=<id>`. */
export function returnedContactForms(key: () => Promise<Buffer>): ReturnedContactForms {
  return new FormStateCookie({
    name: 'contact-form',
    path: '/contact',
    maxAgeMs: RETURNED_FORM_TTL_MS,
    key,
    parse: parseContactFormState,
  })
}

/** Reads back what a valid cookie carried: strings for the form's own fields, nothing else. */
export function parseContactFormState(raw: unknown): ContactFormState | undefined {
  if (!raw || typeof raw !== 'object') return undefined
  const { values, errors, formError } = raw as Record<string, unknown>
  const texts = (errors && typeof errors === 'object' ? errors : {}) as Record<string, unknown>
  const state: ContactFormState = { values: contactValuesFrom(values), errors: {} }
  for (const field of CONTACT_FIELDS) {
    const error = texts[field]
    if (typeof error === 'string') state.errors[field] = error
  }
  if (typeof formError === 'string') state.formError = formError
  return state
}
