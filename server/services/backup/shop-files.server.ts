/** Which files beside the data file are the shop's: what a backup holds and a restore puts back. */
import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { stemOf } from '../../../data/dated-files.server.ts'
import { PRIVATE_MODE, PUBLIC_MODE } from '../../../data/durable-write.server.ts'
import { formKeyFileFor, mediaDirFor } from '../../config/paths.server.ts'

/**
 * Half-written files (a write's temporary file, a social card being made) and hidden ones are no file of the shop yet.
 */
const isPartial = (name: string) => name.startsWith('.') || name.endsWith('.tmp') || name.includes('.tmp-')

/** A file of the shop: its path from the data file's folder, with `/` between folders. */
export type ShopFile = { path: string; kind: 'file' | 'folder' }

/**
 * The data file and every file named after it (journal, history, snapshots, photographs waiting for a
 * choice, and any the site adds later), its dated files, media/ and the form key. The data file's
 * folder may hold other things (the seed catalogue in `data/`): those are never the shop's.
 */
export function isShopName(dataFile: string, name: string): boolean {
  const base = path.basename(dataFile)
  if (isPartial(name) || name.endsWith('.lock')) return false
  return (
    name === base ||
    name.startsWith(`${base}.`) ||
    name.startsWith(`${stemOf(dataFile)}.enquiries-`) ||
    name === path.basename(mediaDirFor(dataFile)) ||
    name === path.basename(formKeyFileFor(dataFile))
  )
}

/** Every file of the shop, folders first; sockets (the lock) and links are left out. */
export async function listShopFiles(dataFile: string): Promise<{ files: ShopFile[]; links: string[] }> {
  const dir = path.dirname(path.resolve(dataFile))
  const files: ShopFile[] = []
  const links: string[] = []
  const walk = async (entries: Dirent[], from: string) => {
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (isPartial(entry.name)) continue
      const rel = from ? `${from}/${entry.name}` : entry.name
      if (entry.isSymbolicLink()) links.push(rel)
      else if (entry.isFile()) files.push({ path: rel, kind: 'file' })
      else if (entry.isDirectory()) {
        files.push({ path: rel, kind: 'folder' })
        await walk(await readdir(path.join(dir, rel), { withFileTypes: true }), rel)
      }
    }
  }
  const top = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return []
    throw err
  })
  await walk(
    top.filter((e) => isShopName(dataFile, e.name)),
    '',
  )
  return { files, links }
}

/**
 * Photographs are served to everyone (the umask decides, as when
 * the site writes them); everything else is the owner's alone.
 */
export function modeFor(rel: string, dataFile: string, kind: ShopFile['kind']): number {
  const photo = rel.split('/')[0] === path.basename(mediaDirFor(dataFile))
  if (kind === 'folder') return photo ? 0o777 & ~umask() : 0o700
  return photo ? PUBLIC_MODE & ~umask() : PRIVATE_MODE
}

function umask(): number {
  const mask = process.umask(0o022)
  process.umask(mask)
  return mask
}

/**
 * A path of a shop whose data file was called `from`, for one whose
 * data file is called `to` (`db.json.journal` → `shop.json.journal`).
 */
export function renamedFor(rel: string, from: string, to: string): string {
  const [first, ...rest] = rel.split('/')
  const [fromBase, toBase, fromStem, toStem] = [path.basename(from), path.basename(to), stemOf(from), stemOf(to)]
  let name = first!
  if (name === fromBase || name.startsWith(`${fromBase}.`)) name = toBase + name.slice(fromBase.length)
  else if (name.startsWith(`${fromStem}.enquiries-`)) name = toStem + name.slice(fromStem.length)
  return [name, ...rest].join('/')
}
