/**
 * The deployment guide's proxy examples (docs/operations.md) against `.env.example`: they serve the host
 * SITE_URL names (canonical links, sitemap and social cards use it), send the other spelling of the
 * domain there, and set HSTS.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../../server/config/paths.server.ts'

let guide: string
let site: string
let other: string

/** The guide's example in `lang`, without the indentation of the list it sits in. */
const block = (lang: string): string => {
  const m = new RegExp('( *)```' + lang + '\\n([\\s\\S]*?)```').exec(guide)
  if (!m) throw new Error(`No ${lang} example in docs/operations.md`)
  return m[2]!.replace(new RegExp(`^${m[1]}`, 'gm'), '')
}

/** The part of a config from `start` to the next block at the same level. */
const section = (config: string, start: RegExp): string => {
  const from = config.search(start)
  expect(from, String(start)).toBeGreaterThanOrEqual(0)
  const rest = config.slice(from)
  const end = rest.slice(1).search(/\n\s*(server \{|[\w.-]+ \{)/)
  return end < 0 ? rest : rest.slice(0, end + 1)
}

beforeAll(async () => {
  guide = await readFile(path.join(ROOT, 'docs', 'operations.md'), 'utf8')
  const env = await readFile(path.join(ROOT, '.env.example'), 'utf8')
  site = new URL(/^SITE_URL=(.+)$/m.exec(env)![1]!.trim()).host
  other = site.startsWith('www.') ? site.slice(4) : `www.${site}`
})

describe('the deployment examples', () => {
  it('Caddy serves the SITE_URL host with HSTS and redirects the other host there', () => {
    const caddy = block('caddy')
    const main = section(caddy, new RegExp(`^${site.replace(/\./g, '\\.')} \\{`, 'm'))
    expect(main).toMatch(/reverse_proxy 127\.0\.0\.1:3000/)
    expect(main).toMatch(/Strict-Transport-Security "max-age=\d+/)
    const redirect = section(caddy, new RegExp(`^${other.replace(/\./g, '\\.')} \\{`, 'm'))
    expect(redirect).toContain(`redir https://${site}{uri} permanent`)
    expect(redirect).not.toMatch(/reverse_proxy/)
  })

  it(
    'nginx serves the SITE_URL host with HSTS and the visitor’s address, ' +
      'and redirects the other host and plain HTTP there',
    () => {
      const nginx = block('nginx')
      const servers = nginx.split(/\n(?=(?:#[^\n]*\n)*server \{)/).filter((s) => s.includes('server {'))
      const named = (name: string) =>
        servers.filter((s) => new RegExp(`server_name[^;]*(?<![\\w.-])${name.replace(/\./g, '\\.')}[ ;]`).test(s))
      const proxied = servers.filter((s) => s.includes('proxy_pass'))
      expect(proxied).toHaveLength(1)
      expect(proxied[0]).toMatch(new RegExp(`server_name ${site.replace(/\./g, '\\.')};`))
      expect(proxied[0]).toMatch(/listen 443 ssl/)
      expect(proxied[0]).toMatch(/add_header Strict-Transport-Security "max-age=\d+" always;/)
      expect(proxied[0]).toMatch(/proxy_set_header X-Forwarded-For /)
      for (const s of [...named(other), ...servers.filter((x) => /listen 80;/.test(x))]) {
        expect(s).toContain(`return 301 https://${site}$request_uri;`)
        expect(s).not.toContain('proxy_pass')
        if (/listen 443/.test(s)) expect(s).toMatch(/Strict-Transport-Security/)
      }
      expect(named(other).some((s) => /listen 443/.test(s))).toBe(true)
    },
  )
})
