import type { Config } from 'vike/types'

// `?form=<id>` is the visitor's own form sent back after a post without JavaScript
// (server/routes/contact.server.ts): never answered from, nor kept in, the shared cache.
export default { bypass: ['form'] } satisfies Config['query']
