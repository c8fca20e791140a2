import type { FormEvent } from 'react'
import { PREPARING } from '../../../../domain/photo-offers.ts'
import { useHydrated } from '../../../../renderer/useHydrated.ts'
import { productPhotosStore } from '../../../../stores/product-photos-store.ts'
import { UploadQueue } from './UploadQueue.tsx'

/**
 * A form that posts every photograph chosen; with the page's script, it
 * sends them itself, one after the other, showing each one's progress.
 */
export function PhotoUpload({ error: refused }: { error: string | null }) {
  const id = productPhotosStore.useSelector((s) => s.id)
  const upload = productPhotosStore.useSelector((s) => s.upload)
  const send = productPhotosStore.useSelector((s) => s.send)
  const store = productPhotosStore.useStoreApi()
  const hydrated = useHydrated()
  const error = upload.error ?? (upload.result || upload.busy ? null : refused)
  const preparing = upload.files.some((f) => f.phase === 'preparing')

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget
    const files = [...((form.elements.namedItem('photo') as HTMLInputElement | null)?.files ?? [])]
    if (!hydrated || files.length === 0) return
    e.preventDefault()
    void send(files).then(() => {
      if (!store.getState().upload.error) form.reset()
    })
  }

  return (
    <form
      method="post"
      action={`/admin/products/${encodeURIComponent(id)}/photos`}
      encType="multipart/form-data"
      className="product-photos__upload"
      onSubmit={onSubmit}
    >
      <div className="field">
        <label htmlFor="photo-file">Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)</label>
        <p className="product-photos__hint" id="photo-file-hint">
          Choose several at once if you like; each is added after the others.
        </p>
        <input
          id="photo-file"
          type="file"
          name="photo"
          multiple
          accept="image/jpeg,image/png,image/webp"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'photo-file-hint photo-file-error' : 'photo-file-hint'}
        />
        {error ? (
          // The server's refusal is the page the form's post answered: it opens at it (see ErrorSummary).
          <p
            className="field__error"
            id="photo-file-error"
            role="alert"
            tabIndex={error === refused ? -1 : undefined}
            autoFocus={error === refused}
          >
            {error}
          </p>
        ) : null}
      </div>
      {/* Not disabled while sending: a disabled button would drop the focus. */}
      <button type="submit" className="btn btn-primary" aria-disabled={upload.busy || undefined}>
        {upload.busy ? 'Uploading…' : 'Upload'}
      </button>
      <UploadQueue files={upload.files} />
      {/* While preparing, the line above says so to the eye; this says it to a screen reader. */}
      <p className={upload.result ? 'product-photos__result' : 'product-photos__result visually-hidden'} role="status">
        {upload.result || (preparing ? PREPARING : '')}
      </p>
    </form>
  )
}
