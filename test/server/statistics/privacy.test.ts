/** Nothing about a visitor is kept: not their address, not their browser string, not the day's salt nor their hash. */
import { hash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { loggerInto, testAppForFile } from '../../helpers/server.ts'
import { filesUnder } from '../../helpers/data-folder.ts'
import { todayOnDisk } from '../../helpers/statistics.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Zebrafinch/9.9.9 Safari/537.36'
const ADDRESS = '203.0.113.77'

const log: string[] = []
// Behind a proxy on this machine, which names the visitor's address.
const t = testAppForFile({ env: { TRUST_PROXY: 'loopback', LOG_LEVEL: 'debug' }, logger: loggerInto(log, 'debug') })

describe('what is kept of a visitor', () => {
  it(
    'is counts only: their address, browser string, the salt and their hash ' +
      'are in no file of the data folder and not in the log',
    async () => {
      for (const page of ['/', '/products', '/products/oxford-brogue', '/products/oxford-brogue']) {
        await request(t.handler).get(page).set({ 'User-Agent': BROWSER, 'X-Forwarded-For': ADDRESS }).expect(200)
      }
      await request(t.handler)
        .get('/api/handoff/oxford-brogue')
        .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': ADDRESS, 'Sec-Fetch-Site': 'same-origin' })
        .expect(204)
      const day = await todayOnDisk(t)
      expect(day?.visitors).toBe(1)
      await t.services.statistics.stop() // as at shutdown

      // The salt lives in the counting service's memory alone; read here only to look for it on disk.
      const salt = (t.services.statistics as unknown as { salt: string }).salt
      const saltBytes = Buffer.from(salt, 'base64')
      const visitor = hash('sha256', `${salt}${ADDRESS}\n${BROWSER}`, 'buffer')
      const secrets = [
        ADDRESS,
        BROWSER,
        'Zebrafinch',
        ...[saltBytes, visitor].flatMap((b) => [
          b.toString('hex'),
          b.toString('base64'),
          b.toString('base64url').slice(0, 20),
        ]),
      ]
      const files = await filesUnder(t.dir)
      expect(files.map((f) => path.basename(f))).toContain('db.json.statistics.json')
      for (const file of files) {
        const bytes = await readFile(file)
        for (const secret of secrets) expect(bytes.includes(secret), `${secret} in ${path.basename(file)}`).toBe(false)
        expect(bytes.includes(saltBytes), `the salt in ${path.basename(file)}`).toBe(false)
      }
      const logged = log.join('\n')
      expect(log.length).toBeGreaterThan(0)
      for (const secret of secrets) expect(logged).not.toContain(secret)
    },
  )
})
