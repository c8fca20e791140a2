import { stat } from 'node:fs/promises'
import path from 'node:path'
import { SEED_IMAGES } from '../config/paths.server.ts'
import { MEDIA_URL } from './images/media.server.ts'

/** The folders the site serves photographs from, by address prefix (server/site.server.ts mounts them). */
const rootsOf = (mediaDir: string): [string, string][] => [
  [`${MEDIA_URL}/`, mediaDir],
  ['/images/seed/', SEED_IMAGES],
]

/** The file an address names in a folder the site serves photographs from; null when it names none there. */
function fileOf(mediaDir: string, src: string): string | null {
  const found = rootsOf(mediaDir).find(([prefix]) => src.startsWith(prefix))
  if (!found || /[?#\\]/.test(src)) return null
  const [prefix, root] = found
  let rest: string
  try {
    rest = decodeURIComponent(src.slice(prefix.length))
  } catch {
    return null
  }
  const file = path.resolve(root, rest)
  return file.startsWith(path.resolve(root) + path.sep) ? file : null
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  )

/**
 * Whether an address names a file the site serves itself: a typed address of a missing file, or of
 * another website, would be a broken picture on the shop.
 */
export function servedPhotoCheck(mediaDir: string): (src: string) => Promise<boolean> {
  return async (src) => {
    const file = fileOf(mediaDir, src)
    return file !== null && (await isFile(file))
  }
}

/** Whether an address names a photograph of the site's own folders that is not there (a hand edit's typo, a lost file). */
export function missingPhotoCheck(mediaDir: string): (src: string) => Promise<boolean> {
  return async (src) => {
    const file = fileOf(mediaDir, src)
    return file !== null && !(await isFile(file))
  }
}
