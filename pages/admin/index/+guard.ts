// https://vike.dev/guard: `/admin` also shows a visitor how the owner turns the workspace on (the owner
// check answers them 403 with it); a request that reached it without the owner check's answer is refused.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

export function guard(pageContext: PageContextServer): void {
  if (pageContext.owner === undefined) throw render(404)
}
