import type { Config } from 'vike/types'

// Where a no-JavaScript enquiry lands once saved (post/redirect/get): a reload sends nothing twice.
export default {
  title: 'Message sent | Ashbourne Leather',
  description: 'Thank you for your enquiry to Ashbourne Leather.',
  noindex: true,
  // Links only: none of the form page's scripts (its +client.ts would otherwise be inherited).
} satisfies Config
