import type { Config } from 'vike/types'

// The global settings of our own renderer (https://vike.dev/config).
export default {
  // Client routing: links between pages render in the browser without a full reload.
  clientRouting: true,
  hydrationCanBeAborted: true,
  // Stream the scripts as soon as the shell is out, not after the slowest Suspense boundary.
  injectScriptsAt: 'HTML_STREAM',
  passToClient: ['siteUrl'],
  meta: {
    title: { env: { server: true, client: true } },
    description: { env: { server: true, client: true } },
    noindex: { env: { server: true, client: true } },
    jsonLd: { env: { server: true } },
    preloadImage: { env: { server: true } },
  },
  title: 'Ashbourne Leather',
  description: 'Handmade British leather footwear, bags and belts from our Northampton workshop.',
} satisfies Config
