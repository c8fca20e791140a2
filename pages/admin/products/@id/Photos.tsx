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
          // A refusal is the page the form's post answered: it opens at it (see ErrorSummary). What an action
          // did follows a redirect to #photos, which opens the page here (a fragment would win over autofocus).
          <div
            className={notice.refused ? 'admin-notice admin-notice--warning' : 'admin-notice'}
            role={notice.refused ? 'alert' : 'status'}
            tabIndex={notice.refused ? -1 : undefined}
            autoFocus={notice.refused}
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
