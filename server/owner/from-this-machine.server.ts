import type { Request } from 'express'
import { isLoopbackAddress } from '../http/client-key.server.ts'

/** Headers a proxy adds when it passes on someone else's request. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
]

/** The host a request names, without its port or brackets, lower-cased. */
function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'))
  const colon = h.indexOf(':')
  return colon < 0 || colon !== h.lastIndexOf(':') ? h : h.slice(0, colon)
}

/**
 * A request made on the server machine itself: its connection comes from a loopback address (or
 * from the very address it reached, as when the server is asked at its own public address), no
 * proxy passed it on, and it names this machine (localhost or an address of it), so a web page
 * whose domain an attacker points at 127.0.0.1 (DNS rebinding) does not count. The connection's
 * addresses decide, never a header alone (anyone can send one).
 */
export function isFromThisMachine(req: Request): boolean {
  const { remoteAddress, localAddress } = req.socket
  const local = isLoopbackAddress(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress)
  if (!local || FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false
  const named = hostName(req.headers.host)
  return named === 'localhost' || isLoopbackAddress(named) || named === localAddress?.replace(/^::ffff:/i, '')
}
