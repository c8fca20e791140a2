import type { Config } from 'vike/types'

// Every page of the owner's workspace: kept out of search engines (the server also says noindex).
export default {
  noindex: true,
} satisfies Config
