import { isIPv4, isIPv6 } from 'node:net'
import type { RequestHandler } from 'express'
import { fromAbsoluteForm } from './request-target.server.ts'

/**
 * As Django's ALLOWED_HOSTS: SITE_URL's host, or any well-formed one
 * without it; loopback names are always ours; anything else 400.
 */
export function siteHost(hostHeader: string | undefined, siteUrl: string | undefined): string | undefined {
  const parsed = hostHeader ? parseHost(hostHeader) : undefined
  if (!parsed) return undefined
  const host = parsed.port === '' ? parsed.hostname : `${parsed.hostname}:${parsed.port}`
  if (isLoopback(parsed.hostname) || !siteUrl) return host
  const site = new URL(siteUrl)
  return parsed.hostname === site.hostname && parsed.port === site.port ? host : undefined
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const DEFAULT_PORTS = new Set(['80', '443'])

/** `name[:port]`, lower case, the default ports dropped; undefined unless it is a host name or address. */
function parseHost(raw: string): { hostname: string; port: string } | undefined {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(raw.trim().toLowerCase())
  if (!match) return undefined
  const [, hostname = '', port = ''] = match
  if (port !== '' && Number(port) > 65_535) return undefined
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname
  const wellFormed = hostname.startsWith('[')
    ? isIPv6(hostname.slice(1, -1))
    : isIPv4(name) || (name.length <= 253 && name.split('.').every((label) => LABEL.test(label)))
  if (!wellFormed) return undefined
  return { hostname: name, port: DEFAULT_PORTS.has(port) ? '' : port }
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    (isIPv4(hostname) && hostname.startsWith('127.'))
  )
}

/**
 * An absolute-form target is read as its path; other non-path
 * targets and foreign hosts are 400; health checks answer any Host.
 */
export function requireSiteHost({ siteUrl }: { siteUrl: string | undefined }): RequestHandler {
  return (req, res, next) => {
    if (!req.url.startsWith('/')) {
      const absolute = fromAbsoluteForm(req.url)
      if (!absolute) return refuse(req, res, 'The request target is not an address on this site.')
      req.headers.host = absolute.host
      req.url = absolute.target
      req.originalUrl = req.url
    }
    if (req.path === '/healthz' || siteHost(req.headers.host, siteUrl)) return next()
    refuse(req, res, 'This server does not answer for that host name.')
  }
}

function refuse(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], sentence: string) {
  // The workspace's own `private, no-store` stays.
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store')
  if (req.url.startsWith('/api/')) res.status(400).json({ error: sentence })
  else res.status(400).type('text/plain').send(`Bad request: ${sentence}`)
}
