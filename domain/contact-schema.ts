import * as v from 'valibot'
import { CONTACT_SUBJECTS, MESSAGE_MIN_LENGTH } from './business.ts'
import { CONTACT_LIMITS, type ContactField, type ContactValues } from './contact-fields.ts'
import { emailAddress } from './email.ts'
import { fieldErrors } from './form-errors.ts'
import { cleanMultiline, isSingleLine, visibleLength } from './plain-text.ts'

export { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from './contact-fields.ts'

const SUBJECT_VALUES: readonly string[] = CONTACT_SUBJECTS.map((s) => s.value)

/**
 * Zero-width characters alone count as empty; line breaks and bidi controls
 * are refused so a name can neither forge a "Subject:" line nor reorder text.
 */
const name = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.check((s) => visibleLength(s) >= 1, `${label} is required`),
    v.check(isSingleLine, `${label} must be a single line, without line breaks or invisible control characters`),
    v.maxLength(CONTACT_LIMITS.name, `${label} must be at most ${CONTACT_LIMITS.name} characters`),
  )

/**
 * Shared by the browser, POST /api/contact and POST /contact; messages for missing fields are the site's fixed wording.
 */
export const ContactSchema = v.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: v.pipe(
    emailAddress({ required: 'Please enter a valid email address', invalid: 'Please enter a valid email address' }),
    v.maxLength(CONTACT_LIMITS.email, 'Please enter a valid email address'),
  ),
  // One of the five values, so nothing else (no control or bidirectional character) gets through.
  subject: v.pipe(
    v.string('Please select a subject'),
    v.trim(),
    v.minLength(1, 'Please select a subject'),
    v.check((s) => SUBJECT_VALUES.includes(s), 'Please select a subject'),
  ),
  // The message keeps its lines; invisible controls go, and only visible characters count towards 10.
  message: v.pipe(
    v.string('Message must be at least 10 characters long'),
    v.transform(cleanMultiline),
    v.trim(),
    v.check((s) => visibleLength(s) >= MESSAGE_MIN_LENGTH, 'Message must be at least 10 characters long'),
    v.maxLength(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters long`),
  ),
})
export type ContactEnquiry = v.InferOutput<typeof ContactSchema>

// The schema's fields and CONTACT_FIELDS are the same set: either drifting fails the type check.
true satisfies [ContactField] extends [keyof ContactEnquiry]
  ? [keyof ContactEnquiry] extends [ContactField]
    ? true
    : false
  : false
// What the form holds as typed (contact-fields.ts, kept free of
// valibot for the first page load) is what the schema takes.
true satisfies [ContactValues] extends [v.InferInput<typeof ContactSchema>]
  ? [v.InferInput<typeof ContactSchema>] extends [ContactValues]
    ? true
    : false
  : false

export type ContactCheck =
  { success: true; output: ContactEnquiry } | { success: false; errors: Partial<Record<ContactField, string>> }

/** Checks an enquiry: the trimmed enquiry, or the first message for each field that is wrong. */
export function checkContact(input: unknown): ContactCheck {
  const parsed = v.safeParse(ContactSchema, input)
  return parsed.success
    ? { success: true, output: parsed.output }
    : { success: false, errors: fieldErrors<ContactField>(parsed.issues) }
}
