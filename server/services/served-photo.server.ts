import { stat } from 'node:fs/promises'
import path from 'node:path'
import { SEED_IMAGES } from '../config/paths.server.ts'
import { MEDIA_URL } from './images/media.server.ts'

/** The folders the site serves photographs from, by address prefix (server/site.server.ts mounts them). */
const rootsOf = (mediaDir: string): [string, string][] => [
  [`${MEDIA_URL}/`, mediaDir],
  ['/images/seed/', SEED_IMAGES],
]

/**
 * Whether an address names a file the site serves itself: a typed address of a missing file, or of
 * another website, would be a broken picture on the shop.
 */
export function servedPhotoCheck(mediaDir: string): (src: string) => Promise<boolean> {
  return async (src) => {
    const found = rootsOf(mediaDir).find(([prefix]) => src.startsWith(prefix))
    if (!found || /[?#\\]/.test(src)) return false
    const [prefix, root] = found
    let rest: string
    try {
      rest = decodeURIComponent(src.slice(prefix.length))
    } catch {
      return false
    }
    const file = path.resolve(root, rest)
    if (!file.startsWith(path.resolve(root) + path.sep)) return false
    return stat(file).then(
      (s) => s.isFile(),
      () => false,
    )
  }
}
