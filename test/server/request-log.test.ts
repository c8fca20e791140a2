/**
 * The request log keeps what an operator needs (method, path, status, time) and nothing a visitor or the owner typed.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { rawClient } from '../helpers/raw-http.ts'
import { validEnquiry } from '../helpers/valid-enquiry.ts'
import { loggerInto, testAppForFile } from '../helpers/server.ts'

const ADDRESS = 'jane.visitor@example.com'
/** The address however a browser may have written it into a query. */
const SPELLINGS = [ADDRESS, encodeURIComponent(ADDRESS), 'jane.visitor', 'jane%2Evisitor']

type Line = { msg: string; req?: { url: string; method: string }; res?: { statusCode: number } }

const log: string[] = []
const t = testAppForFile({ env: { CONTACT_RATE_LIMIT: '0' }, logger: loggerInto(log) })

describe('the request log', () => {
  it(
    'holds no visitor’s address after the owner searched the inbox for it, ' +
      'nor anything else typed into an address',
    async () => {
      await request(t.app)
        .post('/api/contact')
        .send({ ...validEnquiry, email: ADDRESS })
        .expect(201)
      const search = await request(t.app)
        .get(`/admin/enquiries?q=${encodeURIComponent(ADDRESS)}`)
        .expect(200)
      expect(search.text).toContain(ADDRESS) // the owner found it
      await request(t.app).get(`/admin/enquiries?q=${ADDRESS}&state=all`).expect(200)
      await request(t.app)
        .get(`/admin/enquiries.csv?q=${encodeURIComponent(ADDRESS)}`)
        .expect(200)
      await request(t.app)
        .get(`/products?category=${encodeURIComponent(ADDRESS)}`)
        .expect(200)
      // The second from the page cache, answered before the app runs.
      const http = await rawClient(t.handler)
      try {
        for (let n = 0; n < 2; n++)
          expect((await http.send(`/terms?utm_source=${encodeURIComponent(ADDRESS)}`)).status).toBe(200)
        expect((await http.send(`/terms?utm_source=${encodeURIComponent(ADDRESS)}`)).headers['cache-status']).toMatch(
          /hit/,
        )
      } finally {
        await http.close()
      }

      await expect.poll(() => log.filter((l) => l.includes('"res"')).length).toBe(8)
      const all = log.join('\n')
      for (const spelling of SPELLINGS) expect(all.toLowerCase(), spelling).not.toContain(spelling.toLowerCase())
      // Each request still has its line: method, path, status.
      const lines = log.map((l) => JSON.parse(l) as Line).filter((l) => l.req && l.res)
      expect(lines.map((l) => `${l.req!.method} ${l.req!.url} ${l.res!.statusCode}`)).toEqual([
        'POST /api/contact 201',
        'GET /admin/enquiries?[redacted] 200',
        'GET /admin/enquiries?[redacted] 200',
        'GET /admin/enquiries.csv?[redacted] 200',
        'GET /products?[redacted] 200',
        'GET /terms?[redacted] 200',
        'GET /terms?[redacted] 200',
        'GET /terms?[redacted] 200',
      ])
    },
  )
})
