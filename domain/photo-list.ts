import { IMAGE_ANGLES } from './business.ts'
import { ANGLE_LABELS, type ImageAngle } from './image-generation.ts'
import { addedText } from './photo-offers.ts'

/**
 * Which list of photographs a form was made from: each photo form carries it, and the server
 * refuses the form once the list has changed, as "photograph 2" may then be another one.
 * Computed alike on both sides (FNV-1a, 32 bits twice), as an upload changes the list in place.
 */
export function photoListVersion(photos: readonly string[]): string {
  const text = JSON.stringify(photos)
  let a = 0x811c9dc5
  let b = 0x9747b28c
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x5bd1e995)
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`
}

export const PHOTOS_CHANGED =
  'The photographs were changed in another tab or window after this page ' +
  'was opened, so nothing was changed. Here they are as they are now: ' +
  'please choose again.'

export const OFFER_GONE =
  'Those new photographs were no longer waiting (chosen or discarded in another tab?): nothing changed.'

/**
 * What the owner's last photo action did, said after the page
 * comes back: `?photo=main&n=2`, `?photo=new-main&angle=detail`.
 */
export const photoDoneQuery = (photo: string, detail: { n?: number; angle?: ImageAngle }) => {
  const query = new URLSearchParams({ photo })
  if (detail.n !== undefined) query.set('n', String(detail.n))
  if (detail.angle !== undefined) query.set('angle', detail.angle)
  return `?${query.toString()}`
}

const isAngle = (angle: string): angle is ImageAngle => (IMAGE_ANGLES as readonly string[]).includes(angle)

/** Said at the top of the photographs: what an action did, or why it was refused. */
export type PhotoNotice = { text: string; refused: boolean }

/**
 * A refusal is answered at the form's own address; what an action did is said after a redirect to
 * `#photos`, which opens the page at the photographs, so it is said there and not at the page's top.
 */
export function photoNoticeOf(
  refusal: string | undefined,
  search: Record<string, string>,
  draft: boolean,
): PhotoNotice | null {
  if (refusal) return { text: refusal, refused: true }
  const text = (search.done && DONE_WITH_PHOTOS.get(search.done)?.[draft ? 1 : 0]) || photoDoneText(search)
  return text ? { text, refused: false } : null
}

const DISCARDED = 'The new photographs were discarded; the shop kept its photographs.'

/** `?done=` of an upload and of a choice among new photographs: as the shop has it, and as a draft has it. */
const DONE_WITH_PHOTOS = new Map<string, readonly [string, string]>([
  [
    'photo',
    [
      "Photograph added: it is on the product's page now.",
      'Photograph added. Visitors see it once you publish the product.',
    ],
  ],
  [
    'chosen',
    [
      "Done: the photographs you chose are on the product's page now.",
      'Done: the photographs you chose are the product’s now. Visitors see them once you publish it.',
    ],
  ],
  ['discarded', [DISCARDED, DISCARDED]],
])

/** The sentence for a finished action, or '' for an address that names none (typed by hand, say). */
export function photoDoneText({ photo, n: place, angle }: { photo?: string; n?: string; angle?: string }): string {
  const n = Number(place)
  const counted = Number.isInteger(n) && n >= 1 && n <= 1000
  if (photo === 'main' && counted) return `Photograph ${n} is now the main photograph.`
  if (photo === 'earlier' && counted && n > 2) return `Photograph ${n} moved earlier: it is photograph ${n - 1} now.`
  if (photo === 'later' && counted && n > 1) return `Photograph ${n} moved later: it is photograph ${n + 1} now.`
  if (photo === 'added' && counted) return addedText(n)
  if (photo === 'remove' && counted) return n === 1 ? 'Main photograph removed.' : `Photograph ${n} removed.`
  if ((photo === 'new-main' || photo === 'new-gallery') && angle && isAngle(angle)) {
    return photo === 'new-main'
      ? `The new ${ANGLE_LABELS[angle]} is now the main photograph.`
      : `The new ${ANGLE_LABELS[angle]} was added to the photographs.`
  }
  return ''
}
