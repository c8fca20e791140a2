import type { ImageAllowance, ImageAngle } from './image-generation.ts'

/** The largest photograph accepted, in bytes: a phone camera's full-size JPEG fits with room. */
export const PHOTO_UPLOAD_LIMIT = 25 * 1024 * 1024

export const TOO_LARGE_MESSAGE =
  `The photograph is larger than ${PHOTO_UPLOAD_LIMIT / 1024 / 1024} MB. ` +
  `Please choose a smaller one (or a lower resolution on the phone).`

export type OfferedPhoto = { angle: ImageAngle; src: string }

/** One run's new photographs of a product, waiting for the owner to choose: not on the site until then. */
export type PhotoOffer = { id: string; at: string; photos: OfferedPhoto[] }

/**
 * main: becomes the main photograph; gallery: added after the others; all:
 * the whole set replaces the current photographs; discard: thrown away.
 */
export type PhotoChoice = 'main' | 'gallery' | 'all' | 'discard'
export const PHOTO_CHOICES: readonly PhotoChoice[] = ['main', 'gallery', 'all', 'discard']

/** What a product's page shows of generating its four angles. */
export type AngleRunView = {
  configured: boolean
  /** The daily image limit's images left now, which a run of the four angles spends. */
  allowance: ImageAllowance
  /** A run for this product going on. */
  running: { done: number; images: number; status: string } | null
  /** A run for the whole catalogue or another product is going on. */
  busyElsewhere: boolean
  /** Why this product's last run gave nothing, or less than four. */
  error: string | null
}

export const NEW_PHOTOS_READY = 'The new photographs are ready: choose which to use below.'

/** What the upload answers a script (JSON): the product's photographs now, the main one first. */
export type UploadAnswer = { src: string; photos: string[] }

/** What the product's photographs island fetches after a run: the run's state and the photographs offered. */
export type AngleState = { view: AngleRunView; offers: PhotoOffer[] }

/** Photographs sent in one form without the page's script (each still up to the upload limit). */
export const PHOTOS_AT_ONCE = 10

export const HEIC_MESSAGE =
  'This is a HEIC photograph, which browsers cannot show. On an iPhone, ' +
  'choose it again from Photos: it will be sent as JPEG. Or set Settings > ' +
  'Camera > Formats to Most Compatible.'

/** A HEIC by what the phone says of it (its name or type); the server also reads its content. */
export const looksLikeHeic = (name: string, type: string): boolean =>
  /\.hei[cf]$/i.test(name) || /^image\/hei[cf]/i.test(type)

/** Why photographs of one form were refused, in one sentence each; named when the form carried several. */
export const refusalsText = (refused: readonly { name: string; message: string }[], sent: number): string =>
  refused.map((r) => (sent > 1 ? `${r.name}: ${r.message}` : r.message)).join(' ')

/** Said once every photograph chosen has been sent and prepared. */
export const addedText = (n: number): string =>
  n === 1
    ? "Photograph added: it is on the product's page now."
    : `${n} photographs added: they are on the product's page now.`

export const PREPARING = 'Preparing the photograph…'
