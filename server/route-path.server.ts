/** The page a path names as Vike reads it (decoded, lower-cased, `index.pageContext.json` dropped): Express matches the raw path, so guards decide on this and no spelling reaches a page as another. */
export function routePath(rawPath: string): string {
  let path = rawPath
  // Decoded until it no longer changes (a few rounds at most), so double encoding hides nothing either.
  for (let i = 0; i < 4; i++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      break // broken escapes: such addresses are refused before any page (400)
    }
    if (decoded === path) break
    path = decoded
  }
  const segments = path
    .replace(/\\/g, '/')
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '' && s !== '.')
  if (segments.at(-1) === 'index.pagecontext.json') segments.pop()
  return `/${segments.join('/')}`
}

/** The owner's page, its page data, and anything under it. */
export const ADMIN_PATH = '/admin'

export function isAdminPath(rawPath: string): boolean {
  const path = routePath(rawPath)
  return path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`)
}

/** The owner's JSON API, however spelled (`/API/Admin/...`, `/api//admin`, `%61`...). */
export function isOwnerApiPath(rawPath: string): boolean {
  const path = routePath(rawPath)
  return path === '/api/admin' || path.startsWith('/api/admin/')
}

/** Every address of the owner's workspace: its pages, their page data, and its API. */
export function isOwnerPath(rawPath: string): boolean {
  return isAdminPath(rawPath) || isOwnerApiPath(rawPath)
}

/**
 * The path of a request as it arrived (before any router stripped a mount point), without its query
 * or a fragment: browsers never send `#`, but a raw target may, and the routers read `/admin#` as `/admin`.
 */
export function requestPath(originalUrl: string): string {
  const end = originalUrl.search(/[?#]/)
  return end < 0 ? originalUrl : originalUrl.slice(0, end)
}
