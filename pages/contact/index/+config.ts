import type { Config } from 'vike/types'

// /contact: the enquiry form on a page of its own. Visitors without JavaScript land here after a
// post that needs correcting (errors beside the fields, values kept); see server/routes/contact.server.ts.
export default {
  description: 'Send Ashbourne Leather a message about footwear, bags, belts or a custom order. We reply by e-mail.',
} satisfies Config
