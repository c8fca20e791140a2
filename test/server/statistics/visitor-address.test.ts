/**
 * A visitor reaching the site directly (no proxy in front): their own address is the connection's.
 * Neither it nor their browser string is in the data folder or in any log line, whatever the site
 * answered them: a page, a kept page, a 404, a refused enquiry, the rate limit, a malformed address.
 */
import { readFile } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loggerInto, testAppForFile } from '../../helpers/server.ts'
import { filesUnder } from '../../helpers/data-folder.ts'
import { todayOnDisk } from '../../helpers/statistics.ts'
import { validEnquiry } from '../../helpers/valid-enquiry.ts'

/** A loopback address of its own, so the test can tell the visitor's apart from anything else on the machine. */
const ADDRESS = '127.0.0.77'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Kestrelwing/4.2.1 Safari/537.36'

const log: string[] = []
const t = testAppForFile({
  env: { LOG_LEVEL: 'debug', CONTACT_RATE_LIMIT: '1' },
  logger: loggerInto(log, 'debug'),
  listen: true,
})

/** One request from the visitor's own address; resolves with its status. */
function visit(
  pathname: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const { method = 'GET', body, headers = {} } = options
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, t.url)
    const req = request(
      url,
      { method, localAddress: ADDRESS, agent: false, headers: { 'user-agent': BROWSER, ...headers } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      },
    )
    req.on('error', reject).end(body)
  })
}

const enquiry = () =>
  visit('/api/contact', {
    method: 'POST',
    body: JSON.stringify(validEnquiry),
    headers: { 'content-type': 'application/json', origin: t.url },
  })

describe('a visitor’s own address and browser string', () => {
  it('are in no file of the data folder and in no log line', async () => {
    expect(await visit('/products/oxford-brogue')).toBe(200)
    expect(await visit('/products/oxford-brogue')).toBe(200) // from the page cache, before the app
    expect(await visit('/no-such-page')).toBe(404)
    // As the order dialog's fetch marks it, so the hand-off is counted too.
    expect(await visit('/api/handoff/oxford-brogue', { headers: { 'sec-fetch-site': 'same-origin' } })).toBe(204)
    expect(
      await visit('/api/contact', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', origin: t.url },
      }),
    ).toBe(400)
    expect(await enquiry()).toBe(201)
    expect(await enquiry()).toBe(429)
    expect(await visit('/products/%E0%A4%A')).toBe(400)
    // the warning of a proxy not trusted
    expect(await visit('/', { headers: { 'x-forwarded-for': '198.51.100.9' } })).toBe(200)
    expect((await todayOnDisk(t))?.visitors).toBe(1)
    await t.services.statistics.stop() // as at shutdown

    const logged = log.join('\n')
    expect(log.filter((l) => l.includes('request completed')).length).toBeGreaterThanOrEqual(9)
    expect(logged).toContain('TRUST_PROXY')
    for (const secret of [ADDRESS, BROWSER, 'Kestrelwing']) expect(logged).not.toContain(secret)
    const files = await filesUnder(t.dir)
    expect(files.map((f) => path.basename(f))).toContain('db.json.statistics.json')
    for (const file of files) {
      const text = await readFile(file, 'latin1')
      for (const secret of [ADDRESS, 'Kestrelwing'])
        expect(text.includes(secret), `${secret} in ${path.basename(file)}`).toBe(false)
    }
  })
})
