import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/**
 * What a workspace page reads on the server: the store and the catalogue service, which the server's
 * owner check hands to the owner's requests alone. A request that reached a page any other way (an
 * address spelled so the check missed it) gets the 404 page.
 */
export function ownerOnly(pageContext: PageContextServer) {
  const { imageAdmin, store, catalogue } = pageContext
  if (imageAdmin?.access !== 'owner' || !store || !catalogue) throw render(404)
  return { store, catalogue }
}
