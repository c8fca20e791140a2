import type { Config } from 'vike/types'

export default {
  title: 'Privacy Policy | Ashbourne Leather',
  description:
    'How Ashbourne Leather LTD, as data controller, collects, uses and ' +
    'protects your personal data under UK GDPR, and the rights you have over it.',
} satisfies Config
