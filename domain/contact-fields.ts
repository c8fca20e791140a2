/**
 * The enquiry form's fields and length caps, without the schema: the form renders from these on
 * every page load, while the valibot schema (contact-schema.ts) is fetched only when a visitor sends.
 */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

/** Upper bounds keep one enquiry from bloating the data file or the owner's inbox. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const
