import { useEffect, useRef } from 'react'
import { productPhotosStore } from '../../../../stores/product-photos-store.ts'
import { followStored } from '../follow-stored.ts'

/**
 * Once the photographs change in place (an upload sent by the page's script), the product form above
 * takes the new main photograph as stored: its next Save sends nothing stale.
 */
export function FormFollowsPhotos() {
  const photos = productPhotosStore.useSelector((s) => s.photos)
  const known = useRef(photos)
  useEffect(() => {
    if (photos === known.current) return
    known.current = photos
    followStored({ mainImage: photos[0] ?? '' })
  }, [photos])
  return null
}
