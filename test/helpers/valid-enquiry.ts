/** An enquiry every rule accepts, as a visitor would send it; tests change one field to break a rule. */
export const validEnquiry = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane.smith@example.co.uk',
  subject: 'footwear',
  message: 'Do you make the Oxford brogue in a size 46?',
} as const
