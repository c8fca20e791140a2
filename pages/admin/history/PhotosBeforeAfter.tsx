import { thumbnailOf } from '../../../components/admin/thumbnail.ts'

const nameOf = (i: number) => (i === 0 ? 'main photograph' : `photograph ${i + 1}`)

function Thumbnails({ list, when }: { list: string[]; when: 'before' | 'after' }) {
  if (list.length === 0) return <p>none</p>
  return (
    <ul className="history__photos">
      {list.map((src, i) => {
        const { src: small, srcSet } = thumbnailOf(src)
        return (
          <li key={src}>
            <img
              src={small}
              srcSet={srcSet}
              sizes={srcSet ? '4rem' : undefined}
              alt={`The ${nameOf(i)} ${when} this change`}
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
            />
          </li>
        )
      })}
    </ul>
  )
}

/** A change of photographs as small pictures, main first, before and after. */
export function PhotosBeforeAfter({ photos }: { photos: { before: string[]; after: string[] } }) {
  return (
    <div className="history__photo-change">
      <h3>Photographs before</h3>
      <Thumbnails list={photos.before} when="before" />
      <h3>Photographs after</h3>
      <Thumbnails list={photos.after} when="after" />
    </div>
  )
}
