import type { Config } from 'vike/types'

// The global settings of our own renderer (https://vike.dev/config).
//
// Every page is rendered on the server and arrives whole: links and forms load the next page from the
// server (Server Routing, https://vike.dev/clientRouting), answered from the render cache. Pages are
// HTML-only (https://vike.dev/clientHooks): Vike sends no client runtime. A page with something a
// visitor can work (a form, the catalogue's filter, the order dialog) adds its own `+client.ts`,
// which hydrates just those parts, its islands (renderer/island.tsx). See docs/decisions.md.
export default {
  clientRouting: false,
  clientHooks: false,
  // The page's scripts come after its content: the first screen is painted, and works, before them.
  injectScriptsAt: 'HTML_END',
  meta: {
    title: { env: { server: true } },
    description: { env: { server: true } },
    noindex: { env: { server: true } },
    jsonLd: { env: { server: true } },
    preloadImage: { env: { server: true } },
    socialImage: { env: { server: true } },
    socialType: { env: { server: true } },
    // Each page's own CSS, written into its head (renderer/+styles.ts has the site-wide part).
    styles: { env: { server: true }, cumulative: true },
  },
  title: 'Ashbourne Leather',
  description: 'Handmade British leather footwear, bags and belts from our Northampton workshop.',
} satisfies Config
