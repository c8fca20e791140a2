import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** A request that slipped past the server's owner check (an odd spelling) gets the 404 page. */
export function ownerOnly(pageContext: PageContextServer) {
  const { owner, services } = pageContext
  if (owner !== 'owner') throw render(404)
  return { store: services.store, catalogue: services.catalogue }
}
