import { PREPARING } from '../../../../domain/photo-offers.ts'
import type { FileUpload } from '../../../../stores/product-photos-store.ts'

/** Where each photograph chosen is: its own bar while it goes, then while the server prepares it. */
export function UploadQueue({ files }: { files: readonly FileUpload[] }) {
  if (files.length === 0) return null
  return (
    <ol className="product-photos__queue" aria-label="Photographs being added">
      {files.map((f, i) => {
        const bar = `photo-upload-progress-${i + 1}`
        return (
          <li key={`${i}-${f.name}`} className="product-photos__progress" data-phase={f.phase}>
            {f.phase === 'sending' || f.phase === 'preparing' ? (
              <>
                <label htmlFor={bar}>
                  {f.name}: {f.phase === 'sending' ? `uploading, ${f.percent}%` : PREPARING}
                </label>
                {/* Without a value while the server works: how long that takes is not known. */}
                {f.phase === 'sending' ? <progress id={bar} max={100} value={f.percent} /> : <progress id={bar} />}
              </>
            ) : (
              <span>
                {f.name}:{' '}
                {f.phase === 'waiting'
                  ? 'waiting its turn'
                  : f.phase === 'added'
                    ? 'added'
                    : 'not added (see why above)'}
              </span>
            )}
          </li>
        )
      })}
    </ol>
  )
}
