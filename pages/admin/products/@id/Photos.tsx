type Props = { id: string; name: string; photos: string[]; error: string | null }

/** The product's photographs: the main one first, each with its buttons, and a form to add one. */
export function Photos({ id, name, photos, error }: Props) {
  const address = `/admin/products/${encodeURIComponent(id)}/photos`
  return (
    <section id="photos" className="product-photos form-card" aria-labelledby="photos-title">
      <h2 id="photos-title">Photographs</h2>
      <ol className="product-photos__list">
        {photos.map((src, i) => (
          <li key={src} className="product-photos__item">
            <img src={src} alt={`${name}, ${i === 0 ? 'main photograph' : `photograph ${i + 1}`}`} width={120} height={120} loading="lazy" decoding="async" />
            <p className="product-photos__label">{i === 0 ? 'Main photograph' : `Photograph ${i + 1}`}</p>
            {photos.length > 1 ? (
              <form method="post" action={`${address}/change`} className="product-photos__actions">
                <input type="hidden" name="src" value={src} />
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
                <button type="submit" name="action" value="remove" className="btn btn-outline">
                  Remove<span className="visually-hidden"> ({i === 0 ? 'main photograph' : `photograph ${i + 1}`})</span>
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ol>
      <form method="post" action={address} encType="multipart/form-data" className="product-photos__upload">
        <div className="field">
          <label htmlFor="photo-file">Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)</label>
          <input
            id="photo-file"
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'photo-file-error' : undefined}
          />
          {error ? (
            <p className="field__error" id="photo-file-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          Upload
        </button>
      </form>
    </section>
  )
}
