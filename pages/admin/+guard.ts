// https://vike.dev/guard: the workspace is the owner's. Who asks was decided once, before any route, by the
// server's owner check (server/owner/owner.server.ts), which refused anyone else; this refuses any request
// that reached a workspace page without its answer.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

export function guard(pageContext: PageContextServer): void {
  if (pageContext.owner !== 'owner') throw render(404)
}
