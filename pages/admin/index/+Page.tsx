import { WorkspaceNav } from '../../../components/admin/WorkspaceLayout.tsx'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { AdminWorkspaceIsland } from './AdminWorkspace.tsx'
import { NeedsYou } from './NeedsYou.tsx'

/** Product Image Generator. Protected by HTTP Basic auth when ADMIN_PASSWORD is set; no login screen here. */
export default function Page() {
  const data = useData<Data>()
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <span className="eyebrow">Admin</span>
          <h1>Product Image Generator</h1>
          <p>Photograph the whole catalogue in one consistent studio style, from four angles per product.</p>
        </div>
      </section>
      {data.tabs ? <WorkspaceNav current="overview" tabs={data.tabs} /> : null}
      {data.needs ? <NeedsYou needs={data.needs} /> : null}
      <AdminWorkspaceIsland products={data.products} admin={data.admin} lastRun={data.lastRun} />
    </>
  )
}
