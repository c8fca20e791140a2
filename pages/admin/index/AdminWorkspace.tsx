import { island } from '../../../components/island.tsx'
import { adminStore } from '../../../stores/admin-store.ts'
import type { Data } from './+data.ts'
import { GenerationNotes } from './GenerationNotes.tsx'
import { ImageGenerator } from './ImageGenerator.tsx'
import { ProductOverview } from './ProductOverview.tsx'

/** The generator, the catalogue overview and the notes: one island, as they share the run's state. */
function AdminWorkspace({ products, admin, lastRun }: Pick<Data, 'products' | 'admin' | 'lastRun'>) {
  return (
    <adminStore.Provider init={{ products, admin, lastRun }}>
      <div className="admin section">
        {/* On a phone: generator, overview, notes; on a desktop the overview sits beside them. */}
        <div className="container admin__layout">
          <ImageGenerator />
          <ProductOverview />
          <GenerationNotes />
        </div>
      </div>
    </adminStore.Provider>
  )
}

export const AdminWorkspaceIsland = island('admin-workspace', AdminWorkspace)
