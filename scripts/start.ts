// `npm start`: build when no current build exists, then serve the production site.
import { buildIfNeeded } from './build-if-needed.ts'

buildIfNeeded()
await import('../server.ts')
