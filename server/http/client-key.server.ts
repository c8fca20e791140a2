import { isIP } from 'node:net'
import { ipKeyGenerator } from 'express-rate-limit'

/** 127.0.0.0/8 or ::1, as an address (IPv4-mapped or not); a host name that merely starts with 127. is not one. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && isIP(address) !== 0 && (address === '::1' || /^(::ffff:)?127\./i.test(address))
}

/**
 * The key a client's requests are counted under (wrong passwords, renders): one visitor, not one
 * socket. An IPv6 /64 is one subscriber (they can pick any address in it); IPv4-mapped addresses
 * count as IPv4; the whole loopback range is one machine.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown'
  if (isLoopbackAddress(ip)) return 'loopback'
  return ipKeyGenerator(ip, 64)
}
