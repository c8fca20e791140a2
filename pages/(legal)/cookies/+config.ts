import type { Config } from 'vike/types'

export default {
  title: 'Cookies Policy | Ashbourne Leather',
  description:
    'Ashbourne Leather sets no tracking or advertising cookies. What is ' +
    'stored on your device when you browse, pay by card or chat with us on ' +
    'WhatsApp.',
} satisfies Config
