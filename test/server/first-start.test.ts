/** What the server says when it starts, and how its log reads on a terminal. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/config.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { addressToOpen, startLines, type StartFacts } from '../../server/first-start.server.ts'
import { createLogger, logFormatFor, plainLine } from '../../server/logger.server.ts'

const facts = (over: Partial<StartFacts> = {}, config: Partial<StartFacts['config']> = {}): StartFacts => ({
  port: 3000,
  host: '::',
  mode: 'production',
  dataFile: '/srv/shop/data/db.json',
  createdFromSeed: true,
  products: 14,
  settingsFile: undefined,
  config: { mailTo: 'hello@ashbourneleather.co.uk', ...config } as StartFacts['config'],
  ...over,
})

describe('the first start, in the owner’s words', () => {
  it('says honestly that the default listens on all interfaces, and which address to open', () => {
    const [first, second] = startLines(facts())
    expect(first).toBe('Serving on http://localhost:3000 (production): open it in a browser on this machine.')
    expect(second).toMatch(/^It listens on all network interfaces, .* HOST=127\.0\.0\.1 keeps it to this machine\.$/)
    expect(startLines(facts({ host: '127.0.0.1' }))[0]).toBe(
      'Serving on http://127.0.0.1:3000 (production), on this machine only.',
    )
    expect(addressToOpen({ host: '2001:db8::5', port: 8080 })).toBe('http://[2001:db8::5]:8080')
    expect(addressToOpen({ host: 'localhost', port: 5173 })).toBe('http://localhost:5173')
  })

  it('says where the data is and whether it was just made from the seed', () => {
    expect(startLines(facts())).toContain(
      'Data: /srv/shop/data/db.json, just created from the seed catalogue (14 products). Back up the folder it is in.',
    )
    expect(startLines(facts({ createdFromSeed: false, products: 9 }))).toContain(
      'Data: /srv/shop/data/db.json (9 products).',
    )
  })

  it('says who may open the workspace, and whether e-mail and image generation are set up', () => {
    const none = startLines(facts())
    expect(none).toContain(
      'Workspace: http://localhost:3000/admin opens only in a browser on this machine. ' +
        'Set ADMIN_PASSWORD (12 characters or more) to open it from anywhere, as user "admin".',
    )
    expect(none).toContain(
      'E-mail is not set up: enquiries are saved but not e-mailed. ' +
        'Set SMTP_URL to have them e-mailed to hello@ashbourneleather.co.uk.',
    )
    expect(none).toContain(
      'Image generation is not set up: the workspace cannot make product photographs. Set OPENAI_API_KEY to turn it on.',
    )
    const all = startLines(facts({}, { adminPassword: 'x'.repeat(12), smtpUrl: 'smtp://m', openaiApiKey: 'sk' }))
    expect(all).toContain(
      'Workspace: http://localhost:3000/admin asks for user "admin" and the password set in ADMIN_PASSWORD.',
    )
    expect(all).toContain('E-mail is set up: enquiries are e-mailed to hello@ashbourneleather.co.uk.')
    expect(all).toContain('Image generation is set up: the workspace can make product photographs.')
    expect(all.join('\n')).not.toContain('x'.repeat(12))
  })
})

describe('the shop’s address (SITE_URL)', () => {
  it('asks for it when a production start has none, and names the one it uses', () => {
    expect(startLines(facts())).toContain(
      "Address: SITE_URL is not set, so pages, the sitemap and the feed name each request's own host. " +
        "Set SITE_URL to the shop's address (https://...) before it goes live.",
    )
    expect(startLines(facts({}, { siteUrl: 'https://www.ashbourneleather.co.uk' }))).toContain(
      'Address: pages, the sitemap and the feed name https://www.ashbourneleather.co.uk (SITE_URL); ' +
        'requests for other hosts are refused.',
    )
    expect(startLines(facts({ mode: 'development' })).join('\n')).not.toContain('SITE_URL')
  })
})

describe('.env.example copied to .env as it is', () => {
  it('starts a shop that claims nothing it does not have: no mail server, no key, no password', () => {
    const config = loadConfig(parseEnv(readFileSync(path.join(ROOT, '.env.example'), 'utf8')))
    expect(config).toMatchObject({ port: 3000, smtpUrl: undefined, openaiApiKey: undefined, adminPassword: undefined })
  })
})

describe('the log', () => {
  it('is plain lines on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, true)).toBe('text')
    expect(logFormatFor(undefined, false)).toBe('json')
    expect(logFormatFor(undefined, undefined)).toBe('json')
    expect(logFormatFor('json', true)).toBe('json')
    expect(logFormatFor('text', false)).toBe('text')
  })

  it('writes a request, a warning and an error as a person reads them', () => {
    const written: string[] = []
    const logger = createLogger('info', 'text', { write: (t: string) => written.push(t) })
    logger.info({ req: { id: 1, method: 'GET', url: '/products' }, res: { statusCode: 200 }, responseTime: 12 }, 'done')
    logger.warn({ signal: 'SIGTERM', detail: { deep: true } }, 'Shutting down')
    logger.error({ err: new Error('disk full') }, 'Cannot write the data file')
    expect(written).toHaveLength(3)
    expect(written[0]).toMatch(/^\d{2}:\d{2} GET \/products 200 12 ms\n$/)
    expect(written[1]).toMatch(/^\d{2}:\d{2} Warning: Shutting down \[signal: SIGTERM\]\n$/)
    expect(written[2]).toMatch(/^\d{2}:\d{2} Error: Cannot write the data file \(disk full\)\n$/)
    expect(written.join('')).not.toContain('{')
    expect(plainLine({ level: 30, time: Date.parse('2026-11-27T10:30:00Z'), msg: 'Stopped cleanly' })).toBe(
      '10:30 Stopped cleanly',
    )
  })
})
