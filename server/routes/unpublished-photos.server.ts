import path from 'node:path'
import type { Request, RequestHandler } from 'express'
import type { Store } from '../../data/store.server.ts'
import { galleryOf } from '../../domain/product-page.ts'
import type { StoredProduct } from '../../domain/product.ts'
import { isPublished } from '../../domain/publishing.ts'
import { fingerprint } from '../../domain/social-image.ts'
import { unhandled } from '../http/http-errors.server.ts'
import { decodedPath, sitePath } from '../http/request-target.server.ts'
import { serveFolder } from '../http/static-files.server.ts'
import { identify, type OwnerCheck } from '../owner/owner.server.ts'
import { isWorkspacePage } from '../owner/owner-paths.server.ts'
import { productFolder } from '../services/images/media.server.ts'

/** A folder of photographs as the site serves it: its files, at an address prefix. */
type Folder = { root: string; prefix: string }

/**
 * Every file made from one photograph (each width, its AVIF twin, the original) shares a name
 * without its width and format: a photograph is known by that name, a file by its own.
 */
const photoOf = (file: string) => file.replace(/-(?:\d+\.(?:webp|avif)|original\.[A-Za-z0-9]+)$/, '')

/** What the site would send for a path under a folder (`send` joins and normalises the same way). */
function fileUnder(root: string, requestPath: string): string | undefined {
  const decoded = decodedPath(requestPath)
  return decoded === undefined || decoded.includes('\0') ? undefined : path.join(root, decoded)
}

/** The photographs a product names, as files under the folders served. */
function photosNamed(product: StoredProduct, folders: readonly Folder[]): string[] {
  const srcs = [
    product.mainImage,
    ...(product.photos ?? []).map((p) => p?.src),
    ...(product.images ?? []).flatMap((i) => [i?.src, i?.original]),
  ]
  return srcs.flatMap((src) => {
    const folder = typeof src === 'string' ? folders.find((f) => src.startsWith(f.prefix)) : undefined
    const file = folder && fileUnder(folder.root, src!.slice(folder.prefix.length - 1))
    return file ? [photoOf(file)] : []
  })
}

const SIGN_IN = 'This photograph is not on the shop: sign in as admin with the admin password to see it.'

/** A picture a page of the workspace asks for (a draft's photograph on its own page, say). */
function fromWorkspacePage(req: Request): boolean {
  if (req.get('sec-fetch-site') !== 'same-origin') return false
  try {
    const page = new URL(req.get('referer') ?? '')
    return page.host === req.get('host') && isWorkspacePage(sitePath({ url: page.pathname }))
  } catch {
    return false
  }
}

/** Worked out once per version of the products: what only the owner may fetch. */
type Hidden = { photos: Set<string>; folders: Set<string>; shown: Set<string>; cards: Set<string> }

/**
 * A draft's or an unpublished product's photographs and share cards are the owner's alone: a visitor
 * asking for any of their files (any width or format, the original, a card) is answered as for a
 * missing file, and the owner's copy is kept by no shared cache. A photograph a published product
 * also names (a duplicate shares its original's files) stays public. `mediaDir` holds uploads and
 * generated photographs (a folder per product) and the share cards (`social/products`).
 */
export function unpublishedPhotos({
  store,
  mediaDir,
  seedDir,
  owner,
}: {
  store: Store
  mediaDir: string
  seedDir: string
  owner: OwnerCheck
}) {
  const folders: Folder[] = [
    { root: mediaDir, prefix: '/media/' },
    { root: seedDir, prefix: '/images/seed/' },
  ]
  const cardFolder = path.join(mediaDir, 'social', 'products')
  let version = -1
  let hidden: Hidden = { photos: new Set(), folders: new Set(), shown: new Set(), cards: new Set() }
  const now = (): Hidden => {
    if (version === store.productsVersion) return hidden
    const next: Hidden = { photos: new Set(), folders: new Set(), shown: new Set(), cards: new Set() }
    for (const product of store.products) {
      const named = photosNamed(product, folders)
      if (isPublished(product)) {
        for (const photo of named) next.shown.add(photo)
        for (const image of galleryOf(product)) next.cards.add(`${product.id}-${fingerprint(image.src)}.jpg`)
      } else {
        for (const photo of named) next.photos.add(photo)
        next.folders.add(path.join(mediaDir, 'products', productFolder(product.id)))
      }
    }
    version = store.productsVersion
    return (hidden = next)
  }
  const isHidden = (file: string) => {
    const { photos, folders: own, shown, cards } = now()
    if (path.dirname(file) === cardFolder) return !cards.has(path.basename(file))
    const photo = photoOf(file)
    return !shown.has(photo) && (photos.has(photo) || own.has(path.dirname(file)))
  }

  /** `serveFolder` for visitors, and for the owner too, who alone is sent what is hidden (privately). */
  return (root: string, cache: { maxAge: string; immutable?: boolean }): RequestHandler => {
    const open = serveFolder(root, cache)
    const owners = serveFolder(root, { ...cache, cacheControl: false })
    const serveOwner: RequestHandler = (req, res, next) => {
      res.setHeader('Cache-Control', 'private, no-cache')
      owners(req, res, next)
    }
    return async (req, res, next) => {
      const file = fileUnder(root, req.path)
      if (!file || !isHidden(file)) return open(req, res, next)
      // Signed in (a wrong password not counted: a picture is no sign-in), or this machine when no password is set.
      const looking = owner.password ? owner.signedIn(req) : (await identify(req, res, owner)) === 'owner'
      if (looking) return serveOwner(req, res, next)
      // A browser sends the owner's sign-in unasked only below the address it was first asked at: the
      // workspace's own page asking is answered the owner check's challenge, which it answers itself.
      if (owner.password && fromWorkspacePage(req)) {
        const verdict = await identify(req, res, owner, { answer: 'text', signIn: SIGN_IN })
        return verdict === 'owner' ? serveOwner(req, res, next) : undefined
      }
      // As a file that is not there, never a 304 for a copy kept from before; answered here, as the
      // page handler would keep its 404 for everyone, the owner included.
      unhandled(req, res, next)
    }
  }
}
