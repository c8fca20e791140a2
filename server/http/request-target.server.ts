/**
 * A request's target (`/products?category=bags`) as every layer reads it: its path and query, the
 * page the path names, whether it is well formed and in its plain spelling. One reading, so no layer
 * lets through a spelling another reads as a different page.
 */

/**
 * The path of a request as it arrived (before any router stripped a mount point), without its query
 * or a fragment: browsers never send `#`, but a raw target may, and the routers read `/admin#` as `/admin`.
 */
export function requestPath(target: string): string {
  const end = target.search(/[?#]/)
  return end < 0 ? target : target.slice(0, end)
}

/**
 * The page a request names however it is spelled, as the page router reads it: for the layers that decide before
 * the spelling is made plain (the owner check, the page views), so no spelling slips past them.
 */
export function sitePath(req: { originalUrl?: string; url?: string }): string {
  const target = req.originalUrl ?? req.url ?? '/'
  // An absolute-form target (`http://host/admin`) names its path too, before requireSiteHost reads it.
  return routePath(requestPath(fromAbsoluteForm(target)?.target ?? target))
}

/**
 * The request's path in its plain spelling when the request names it as it stands (escapes and a fragment aside,
 * which oneSpelling writes plain in place); undefined for a spelling sent on to the plain one (301).
 */
export function plainPathOf(req: { originalUrl?: string; url?: string }): string | undefined {
  const path = requestPath(req.originalUrl ?? req.url ?? '/')
  const plain = plainSpelling(path)
  return normalEscapes(path) === plain ? plain : undefined
}

/** The path and the query after the first `?` (empty without one), as the cache reads a target. */
export function splitTarget(target: string): { path: string; query: string | undefined } {
  const q = target.indexOf('?')
  return q < 0 ? { path: target, query: undefined } : { path: target.slice(0, q), query: target.slice(q + 1) }
}

/**
 * The page a path names as Vike reads it (decoded, lower-cased, `index.pageContext.json` dropped):
 * Express matches the raw path, so guards decide on this and no spelling reaches a page as another.
 */
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

/**
 * False for broken percent-encoding, `..` or NUL once decoded, and bracketed
 * names (`?a[]=`), where type confusion starts: such a target is answered 400.
 */
export function isWellFormedTarget(target: string): boolean {
  const { path, query = '' } = splitTarget(target)
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '))
  try {
    const decodedPath = decodeURIComponent(path)
    if (decodedPath.includes('\0') || decodedPath.split(/[/\\]/).includes('..')) return false
    for (const pair of query.split('&')) {
      const eq = pair.indexOf('=')
      const name = decode(eq < 0 ? pair : pair.slice(0, eq))
      if (eq >= 0) decode(pair.slice(eq + 1))
      if (name.includes('[') || name.includes(']')) return false
    }
  } catch {
    return false
  }
  return true
}

/** A path decoded once, as a file's name is looked up; undefined for broken escapes. */
export function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path)
  } catch {
    return undefined
  }
}

/**
 * A plain spelling in the site's own characters, as its links are written (no escapes at all): the
 * only paths the shared cache keeps, so no escape can make a second key for one page.
 */
const PLAIN_PATH = /^(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)+$/

export function isPlainPath(path: string): boolean {
  return path === '/' || PLAIN_PATH.test(path)
}

/** Letters, digits and `-._~`: escaped or not, the same address (RFC 3986, 2.3). */
const UNRESERVED = /^[A-Za-z0-9._~-]$/

/**
 * A path with its escapes as RFC 3986 normalises them (6.2.2): unreserved characters written out, the
 * rest in capitals. `/products/%6Fxford-brogue` is `/products/oxford-brogue`: one address, two spellings.
 */
export function normalEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16))
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`
  })
}

/**
 * The one spelling of a path the site routes on: escapes as RFC 3986 normalises them, `\` read as `/`, no empty
 * or `.` segment and no trailing slash. A well-formed target has one (`..` is refused before: isWellFormedTarget).
 */
export function plainSpelling(path: string): string {
  const segments = normalEscapes(path)
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
  return `/${segments.join('/')}`
}

/**
 * An absolute-form target (`http://host/path`, as sent to a proxy) read as its host and its path;
 * undefined for any other target that is not a path (`*`, `host:port`), which is refused.
 */
export function fromAbsoluteForm(target: string): { host: string; target: string } | undefined {
  const absolute = /^https?:\/\/([^/?#]*)(.*)$/i.exec(target)
  if (!absolute) return undefined
  const rest = absolute[2] ?? ''
  return { host: absolute[1] ?? '', target: rest.startsWith('/') ? rest : `/${rest}` }
}
