import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** A request that slipped past the server's owner check (an odd spelling) gets the 404 page. */
export function ownerOnly(pageContext: PageContextServer) {
  const { ownerAccess, store, catalogue } = pageContext
  if (ownerAccess !== 'owner' || !store || !catalogue) throw render(404)
  return { store, catalogue }
}
