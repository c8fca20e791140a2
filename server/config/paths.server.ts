import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project root, wherever the process was started from: the folder holding package.json above this
 * module, which runs from server/config/ or bundled into dist/ for the tests (support/server-bundle.ts).
 */
export const ROOT = projectRootAbove(path.dirname(fileURLToPath(import.meta.url)))
export const DIST = path.join(ROOT, 'dist')
export const CLIENT_DIST = path.join(DIST, 'client')
export const SERVER_ENTRY = path.join(DIST, 'server', 'entry.mjs')
export const SEED_IMAGES = path.join(ROOT, 'data', 'seed', 'images')
/** The files Vite copies into the build as they are (the brand's images among them). */
export const PUBLIC_DIR = path.join(ROOT, 'public')

/** Generated images live beside the data file, so one folder holds everything to back up. */
export function mediaDirFor(dataFile: string): string {
  return path.join(path.dirname(path.resolve(dataFile)), 'media')
}

/** The key that signs the cookies of forms sent back to a visitor, beside the data file and media/. */
export function formKeyFileFor(dataFile: string): string {
  return path.join(path.dirname(path.resolve(dataFile)), 'form-state.key')
}

function projectRootAbove(folder: string): string {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) return path.resolve(folder, '..', '..')
  }
}
