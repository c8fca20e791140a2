import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { useData } from '../../../../renderer/useData.ts'
import { ProductForm } from '../ProductForm.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { tabs, ...form } = useData<Data>()
  return (
    <WorkspaceLayout current="products" tabs={tabs} title="Add a product">
      <p className="tap-links">
        <a href="/admin/products">All products</a>
      </p>
      <ProductForm
        action="/admin/products/new"
        isNew
        submitLabel="Add as a draft"
        hint="Visitors see it once you add its photograph and publish it."
        {...form}
      />
    </WorkspaceLayout>
  )
}
