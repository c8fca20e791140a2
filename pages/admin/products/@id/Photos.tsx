import type { PhotoNotice } from '../../../../domain/photo-list.ts'
import { island } from '../../../../components/island.tsx'
import { productPhotosStore, type ProductPhotosInit } from '../../../../stores/product-photos-store.ts'
import { FormFollowsPhotos } from './FormFollowsPhotos.tsx'
import { NewAngles } from './NewAngles.tsx'
import { PhotoList } from './PhotoList.tsx'
import { PhotoUpload } from './PhotoUpload.tsx'

type Props = ProductPhotosInit & { error: string | null; notice: PhotoNotice | null }

/**
 * The product's photographs, adding one, and generating new ones to
 * choose from: one island, as an upload or a choice changes the list.
 */
function Photos({ error, notice, ...init }: Props) {
  return (
    <productPhotosStore.Provider init={init}>
      <section id="photos" className="product-photos form-card" aria-labelledby="photos-title">
        <h2 id="photos-title">Photographs</h2>
        {notice ? (
          // The page opens at what a photo form did or why it was refused (see ErrorSummary): focused as it
          // loads, so it is in view and read aloud; its redirect carries no fragment, which would stop autofocus.
          <div
            className={notice.refused ? 'admin-notice admin-notice--warning' : 'admin-notice'}
            role={notice.refused ? 'alert' : 'status'}
            tabIndex={-1}
            autoFocus
          >
            <p>{notice.text}</p>
          </div>
        ) : null}
        <PhotoList />
        <PhotoUpload error={error} />
        <NewAngles />
      </section>
      <FormFollowsPhotos />
    </productPhotosStore.Provider>
  )
}

export const PhotosIsland = island('product-photos', Photos)
