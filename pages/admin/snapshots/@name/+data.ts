import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { ownerOnly } from '../../owner-only.ts'

/** The snapshot, and what a restore would do to the products, by name. */
export type Data = NonNullable<Awaited<ReturnType<ReturnType<typeof ownerOnly>['catalogue']['previewSnapshot']>>>

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { catalogue } = ownerOnly(pageContext)
  const preview = await catalogue.previewSnapshot(pageContext.routeParams.name ?? '')
  if (!preview) throw render(404)
  return preview
}
