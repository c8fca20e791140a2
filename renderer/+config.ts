import type { Config } from 'vike/types'

// Our own renderer's settings (https://vike.dev/config): Server
// Routing, HTML-only pages with islands (docs/decisions.md).
export default {
  clientRouting: false,
  clientHooks: false,
  // The page's scripts come after its content: the first screen is painted, and works, before them.
  injectScriptsAt: 'HTML_END',
  meta: {
    // The browser hydrates islands (+client.ts), never a whole page: a client copy of each page would
    // only be built, never loaded, and would shape the chunks every page shares.
    Page: { env: { server: true } },
    title: { env: { server: true } },
    description: { env: { server: true } },
    noindex: { env: { server: true } },
    jsonLd: { env: { server: true } },
    preloadImage: { env: { server: true } },
    socialImage: { env: { server: true } },
    socialType: { env: { server: true } },
    styles: { env: { server: true }, cumulative: true },
    // Read for every page before any render (the page cache's key), so loaded with the routes.
    query: { env: { server: true }, eager: true },
    paramsExist: { env: { server: true }, eager: true },
  },
  title: 'Ashbourne Leather',
  description: 'Handmade British leather footwear, bags and belts from our Northampton workshop.',
} satisfies Config
