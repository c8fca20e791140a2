import { usePageContext } from '../../renderer/PageContextProvider.tsx'
import { adminStore } from '../../stores/admin-store.ts'
import type { Data } from './+data.ts'
import { GenerationNotes } from './GenerationNotes.tsx'
import { ImageGenerator } from './ImageGenerator.tsx'
import { ProductOverview } from './ProductOverview.tsx'
import './Admin.scss'

/**
 * Product Image Generator. For the owner only: HTTP Basic auth when ADMIN_PASSWORD
 * is set (no login screen here), otherwise the server machine itself; anyone else reads how to turn it on.
 */
export default function Page() {
  const { products, admin } = usePageContext().data as Data
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <span className="eyebrow">Admin</span>
          <h1>Product Image Generator</h1>
          <p>Photograph the whole catalogue in one consistent studio style, from four angles per product.</p>
        </div>
      </section>
      <adminStore.Provider init={{ products, admin }}>
        <div className="admin section">
          {/* SPEC §2 order on a phone: generator, overview, notes; on a desktop the overview sits beside them. */}
          <div className="container admin__layout">
            <ImageGenerator />
            <ProductOverview />
            <GenerationNotes />
          </div>
        </div>
      </adminStore.Provider>
    </>
  )
}
