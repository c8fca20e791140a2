import * as v from 'valibot'
import { CONTACT_SUBJECTS, MESSAGE_MIN_LENGTH } from './business.ts'
import { CONTACT_LIMITS, type ContactField } from './contact-fields.ts'
import { fieldErrors } from './form-errors.ts'

export { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from './contact-fields.ts'

const SUBJECT_VALUES: readonly string[] = CONTACT_SUBJECTS.map((s) => s.value)

const text = (required: string, max: number, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.minLength(1, required), v.maxLength(max, tooLong))

/**
 * The enquiry form, shared by the browser (messages next to the fields) and POST /api/contact.
 * Messages are SPEC §5's, letter for letter; the length caps are ours.
 */
export const ContactSchema = v.object({
  firstName: text('First name is required', CONTACT_LIMITS.name, `First name must be at most ${CONTACT_LIMITS.name} characters`),
  lastName: text('Last name is required', CONTACT_LIMITS.name, `Last name must be at most ${CONTACT_LIMITS.name} characters`),
  email: v.pipe(
    v.string('Please enter a valid email address'),
    v.trim(),
    v.email('Please enter a valid email address'),
    v.maxLength(CONTACT_LIMITS.email, 'Please enter a valid email address'),
  ),
  subject: v.pipe(
    v.string('Please select a subject'),
    v.trim(),
    v.minLength(1, 'Please select a subject'),
    v.check((s) => SUBJECT_VALUES.includes(s), 'Please select a subject'),
  ),
  message: v.pipe(
    v.string('Message must be at least 10 characters long'),
    v.trim(),
    v.minLength(MESSAGE_MIN_LENGTH, 'Message must be at least 10 characters long'),
    v.maxLength(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters long`),
  ),
})
export type ContactInput = v.InferInput<typeof ContactSchema>
export type ContactMessage = v.InferOutput<typeof ContactSchema>

// The schema's fields and CONTACT_FIELDS are the same set: either drifting fails the type check.
true satisfies [ContactField] extends [keyof ContactMessage] ? ([keyof ContactMessage] extends [ContactField] ? true : false) : false

export type ContactCheck =
  | { success: true; output: ContactMessage }
  | { success: false; errors: Partial<Record<ContactField, string>> }

/** Checks an enquiry: the trimmed message, or the first message for each field that is wrong. */
export function checkContact(input: unknown): ContactCheck {
  const parsed = v.safeParse(ContactSchema, input)
  return parsed.success ? { success: true, output: parsed.output } : { success: false, errors: fieldErrors<ContactField>(parsed.issues) }
}
