import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { workspaceTabs } from '../../workspace-tabs.ts'

type Preview = NonNullable<Awaited<ReturnType<PageContextServer['services']['catalogue']['previewSnapshot']>>>

/** The snapshot, and what a restore would do to the products, by name. */
export type Data = Preview & { tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const preview = await pageContext.services.catalogue.previewSnapshot(pageContext.routeParams.name ?? '')
  if (!preview) throw render(404)
  return { ...preview, tabs: await workspaceTabs(pageContext) }
}
