import type { FormEvent } from 'react'
import { useHydrated } from '../../../../renderer/useHydrated.ts'
import { productPhotosStore } from '../../../../stores/product-photos-store.ts'

/** A form that posts; with the page's script, it sends the file itself and shows how much has gone. */
export function PhotoUpload({ error: refused }: { error: string | null }) {
  const id = productPhotosStore.useSelector((s) => s.id)
  const upload = productPhotosStore.useSelector((s) => s.upload)
  const send = productPhotosStore.useSelector((s) => s.send)
  const store = productPhotosStore.useStoreApi()
  const hydrated = useHydrated()
  const error = upload.error ?? (upload.result ? null : refused)
  const sending = upload.percent !== null

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget
    const file = (form.elements.namedItem('photo') as HTMLInputElement | null)?.files?.[0]
    if (!hydrated || !file) return
    e.preventDefault()
    void send(file).then(() => {
      if (!store.getState().upload.error) form.reset()
    })
  }

  return (
    <form method="post" action={`/admin/products/${encodeURIComponent(id)}/photos`} encType="multipart/form-data" className="product-photos__upload" onSubmit={onSubmit}>
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
      {/* Not disabled while sending: a disabled button would drop the focus. */}
      <button type="submit" className="btn btn-primary" aria-disabled={sending || undefined}>
        {sending ? 'Uploading…' : 'Upload'}
      </button>
      {sending ? (
        <div className="product-photos__progress">
          <label htmlFor="photo-upload-progress">Uploading the photograph: {upload.percent}%</label>
          <progress id="photo-upload-progress" max={100} value={upload.percent ?? 0} />
        </div>
      ) : null}
      <p className="product-photos__result" role="status">
        {upload.result}
      </p>
    </form>
  )
}
