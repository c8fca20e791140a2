import { createHash, timingSafeEqual } from 'node:crypto'

/** The user name the owner signs in with (HTTP Basic auth); the password is ADMIN_PASSWORD. */
export const OWNER_USER = 'admin'

/** SHA-256 first, so both sides have the same length and the comparison takes the same time whatever was sent. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest()
  const b = createHash('sha256').update(expected, 'utf8').digest()
  return timingSafeEqual(a, b)
}

/** True when the Authorization header carries Basic credentials for user `admin` with `password`. */
export function carriesOwnerPassword(authorization: string | undefined, password: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(authorization ?? '')
  if (!m) return false
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return false
  const userOk = sameSecret(decoded.slice(0, colon), OWNER_USER)
  const passwordOk = sameSecret(decoded.slice(colon + 1), password)
  return userOk && passwordOk
}
