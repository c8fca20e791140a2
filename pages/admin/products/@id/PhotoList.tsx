import { photoListVersion } from '../../../../domain/photo-list.ts'
import { productPhotosStore } from '../../../../stores/product-photos-store.ts'

const labelOf = (i: number) => (i === 0 ? 'Main photograph' : `Photograph ${i + 1}`)

/**
 * The main one first, each with its buttons (forms that post,
 * naming the list they were made from); removing asks first.
 */
export function PhotoList() {
  const id = productPhotosStore.useSelector((s) => s.id)
  const name = productPhotosStore.useSelector((s) => s.name)
  const photos = productPhotosStore.useSelector((s) => s.photos)
  const address = `/admin/products/${encodeURIComponent(id)}/photos/change`
  const version = photoListVersion(photos)
  return (
    <ol className="product-photos__list">
      {photos.map((src, i) => (
        <li key={src} className="product-photos__item">
          <img
            src={src}
            alt={`${name}, ${labelOf(i).toLowerCase()}`}
            width={120}
            height={120}
            loading="lazy"
            decoding="async"
          />
          <p className="product-photos__label">{labelOf(i)}</p>
          {photos.length > 1 ? (
            <form method="post" action={address} className="product-photos__actions">
              <input type="hidden" name="src" value={src} />
              <input type="hidden" name="version" value={version} />
              {i > 0 ? (
                <button type="submit" name="action" value="main" className="btn btn-outline">
                  Make main<span className="visually-hidden"> (photograph {i + 1})</span>
                </button>
              ) : null}
              {i > 1 ? (
                <button type="submit" name="action" value="earlier" className="btn btn-outline">
                  Earlier<span className="visually-hidden"> (photograph {i + 1})</span>
                </button>
              ) : null}
              {i > 0 && i < photos.length - 1 ? (
                <button type="submit" name="action" value="later" className="btn btn-outline">
                  Later<span className="visually-hidden"> (photograph {i + 1})</span>
                </button>
              ) : null}
              <details className="product-photos__remove">
                <summary className="btn btn-outline">
                  Remove…<span className="visually-hidden"> ({labelOf(i).toLowerCase()})</span>
                </summary>
                <p>It leaves the product’s page at once; the history keeps it.</p>
                <button type="submit" name="action" value="remove" className="btn btn-danger">
                  Yes, remove it<span className="visually-hidden"> ({labelOf(i).toLowerCase()})</span>
                </button>
              </details>
            </form>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
