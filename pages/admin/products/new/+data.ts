import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { workspaceTabs } from '../../workspace-tabs.ts'
import { productFormData, type ProductFormData } from '../product-form-data.ts'

export type Data = ProductFormData & { tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  return { ...productFormData(pageContext, null), tabs: await workspaceTabs(pageContext) }
}
