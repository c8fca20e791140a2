/**
 * RELIABILITY.md §4, bad input. Property-based (fast-check): thousands of generated bodies to
 * POST /api/contact and to the no-JavaScript form post, and generated addresses to the pages.
 * Only the documented answers come back, never a 5xx; no prototype is polluted; the data file
 * stays valid and holds every enquiry that was accepted.
 */
import { request as httpRequest, Agent } from 'node:http'
import { parse as parseQuery } from 'node:querystring'
import { readFile } from 'node:fs/promises'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isHoneypotFilled } from '../../domain/contact-fields.ts'
import { DataSchema } from '../../data/check.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { formBody, formOf, formType, jsonBody, jsonExamples, jsonType, VALID } from './bad-input.inputs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

/**
 * How many generated inputs each property is tried with: `FUZZ_RUNS` when set, else the tier's own
 * number (a short run every day, the full 2,000 in the slow tier). Zero would prove nothing.
 */
function fuzzRuns(tierDefault: number): number {
  const runs = Number(process.env.FUZZ_RUNS ?? tierDefault)
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`FUZZ_RUNS must be a whole number of runs, 1 or more (got ${process.env.FUZZ_RUNS}).`)
  return runs
}

let t: TestServer
const agent = new Agent({ keepAlive: true, maxSockets: 4 })
/** A fresh server for each group, with a rate limit low enough for its runs to meet 429 and high enough for 201s. */
function useServer(rateLimit = 50) {
  beforeAll(async () => {
    t = await startTestServer({ env: { CONTACT_RATE_LIMIT: String(rateLimit) } })
  })
  afterAll(async () => {
    await t?.close()
  })
}
afterAll(() => agent.destroy())

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** Sends exactly these bytes to exactly this path (no URL normalisation, unlike fetch). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<Answer> {
  const { port } = new URL(t.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** No answer may show how the server is built: no stack frames, no file paths. */
function expectNothingLeaked(a: Answer) {
  expect(a.body).not.toContain(ROOT)
  expect(a.body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+|file:\/\//)
}

// --- the properties ----------------------------------------------------------------------------------

let prototypeNames: string[]
beforeAll(() => {
  prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()
})

function expectNoPollution() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames)
  expect(Object.prototype.toString.call([])).toBe('[object Array]')
}

async function dataFile() {
  return v.parse(DataSchema, JSON.parse(await readFile(t.dataFile, 'utf8')))
}

/** The generated-input proofs, `runs` inputs each. */
export function fuzzBadInput(tierDefault: number) {
  const runs = fuzzRuns(tierDefault)
  const rateLimit = Math.max(2, Math.round(runs / 40)) // 50 for 2,000 runs
  describe('POST /api/contact with generated bodies', () => {
    useServer(rateLimit)
    it(
      `answers only 201, 400, 413, 415 or 429 to ${runs} generated bodies, and saves every enquiry it accepted`,
      { timeout: 120_000 },
      async () => {
        const accepted: string[] = []
        const seen = new Map<number, number>()
        await fc.assert(
          fc.asyncProperty(jsonBody, jsonType, async (body, type) => {
            const headers: Record<string, string> = type ? { 'content-type': type } : {}
            const a = await send('POST', '/api/contact', headers, Buffer.from(body, 'utf8'))
            seen.set(a.status, (seen.get(a.status) ?? 0) + 1)
            expect([201, 400, 413, 415, 429]).toContain(a.status)
            expect(a.headers['content-type']).toMatch(/^application\/json/)
            expectNothingLeaked(a)
            const answer = JSON.parse(a.body) as { id?: string; error?: string }
            if (a.status === 201) {
              let sent: unknown
              try {
                sent = JSON.parse(body)
              } catch {
                /* accepted text must be JSON */
              }
              if (!isHoneypotFilled(sent)) accepted.push(answer.id!)
            } else {
              expect(answer.error).toMatch(/^[A-Z].*[.)]$/) // a sentence a person can read
            }
          }),
          { numRuns: runs, examples: jsonExamples(rateLimit) },
        )
        expectNoPollution()
        const saved = new Set((await dataFile()).messages.map((m) => m.id))
        expect(accepted.filter((id) => !saved.has(id))).toEqual([])
        // The generators reach the interesting answers, not just 400s.
        for (const status of [201, 400, 413, 415, 429])
          expect(seen.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(0)
      },
    )
  })

  describe('POST /contact (no JavaScript) with generated form bodies', () => {
    useServer(rateLimit)
    it(
      `answers only 303 (back to the form, or on to the confirmation), 400, ` +
        `413, 415 or 429 to ${runs} generated bodies`,
      { timeout: 120_000 },
      async () => {
        // The no-JS post answers every outcome it can show on a page with a 303 redirect (post/redirect/get);
        // 400/413/415 come from the body parser for bodies it cannot read.
        const before = (await dataFile()).messages.length
        let confirmed = 0
        const seen = new Map<number, number>()
        await fc.assert(
          fc.asyncProperty(formBody, formType, async (body, type) => {
            const headers: Record<string, string> = type ? { 'content-type': type } : {}
            const a = await send('POST', '/contact', headers, Buffer.from(body, 'utf8'))
            seen.set(a.status, (seen.get(a.status) ?? 0) + 1)
            expect([303, 400, 413, 415, 429]).toContain(a.status)
            expectNothingLeaked(a)
            if (a.status === 303) {
              const location = String(a.headers.location)
              expect(location).toMatch(/^\/contact(\/sent$|\?form=[\w-]+#contact-form$)/) // never off-site
              if (
                location === '/contact/sent' &&
                type.startsWith('application/x-www-form-urlencoded') &&
                !isHoneypotFilled(parseQuery(body))
              )
                confirmed++
            }
          }),
          { numRuns: runs, examples: [[formOf(VALID), 'application/x-www-form-urlencoded']] },
        )
        expectNoPollution()
        const after = (await dataFile()).messages.length
        expect(after - before).toBe(confirmed)
        expect(seen.get(303) ?? 0).toBeGreaterThan(0)
        expect(confirmed).toBeGreaterThan(0)
      },
    )
  })

  describe('generated addresses and parameters on pages', () => {
    useServer(rateLimit)
    it(
      'answers no generated address with a 5xx; broken percent-encoding is always a 400',
      { timeout: 60_000 },
      async () => {
        const piece = fc.oneof(
          fc.constantFrom(
            'products',
            'contact',
            'admin',
            'api',
            'images',
            'seed',
            'assets',
            'media',
            '..',
            '.',
            '',
            'index.pageContext.json',
            '.env',
            'db.json',
          ),
          fc.constantFrom(
            '%',
            '%2',
            '%zz',
            '%E0%A4%A',
            '%2f',
            '%2F',
            '%2e%2e',
            '%00',
            '%C0%AE',
            '%ff',
            '%20',
            '[]',
            '~',
            '+',
          ),
          fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/),
        )
        const query = fc.array(
          fc.tuple(fc.oneof(fc.constantFrom('category', 'form', 'category[]', 'x'), piece), piece),
          { maxLength: 3 },
        )
        await fc.assert(
          fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }), query, async (segments, params) => {
            const path = `/${segments.join('/')}`
            const url = params.length ? `${path}?${params.map(([k, val]) => `${k}=${val}`).join('&')}` : path
            const a = await send('GET', url)
            expect(a.status, url).toBeLessThan(500)
            expectNothingLeaked(a)
            let malformed = false
            try {
              decodeURIComponent(url)
            } catch {
              malformed = true
            }
            if (malformed) expect(a.status, url).toBe(400)
          }),
          { numRuns: Math.min(runs, 600) },
        )
      },
    )
  })
}

/** Hand-picked malformed addresses, each with the answers it may get. */
export function malformedAddresses() {
  describe('malformed addresses and parameters on pages', () => {
    useServer()
    const longPath = `/${'a'.repeat(8 * 1024)}`
    const cases: [string, number[]][] = [
      ['/%E0%A4%A', [400]],
      ['/products/%', [400]],
      ['/products?category=%E0%A4%A', [400]],
      ['/products?category[]=x', [400]],
      ['/products?category[x]=bags', [400]],
      ['/products?%=x', [400]],
      ['/api/products?x=%zz', [400]],
      [longPath, [404]],
      [`/products/${'%41'.repeat(2000)}`, [404]],
      ['/..%2f..%2fpackage.json', [400, 404]],
      ['/products/..%2f..%2f..%2fetc%2fpasswd', [400, 404]],
      ['/%00', [400, 404]],
      ['/contact?form=../../etc/passwd', [200]], // an unknown flash id: the plain contact page
      ['/products?category=hats', [200]], // a well-formed but unknown value is ignored (pages-html.test.ts)
    ]
    for (const [url, allowed] of cases) {
      it(
        `GET ${url.length > 60 ? `${url.slice(0, 40)}… (${url.length} characters)` : url} ` +
          `answers ${allowed.join(' or ')}`,
        async () => {
          const a = await send('GET', url)
          expect(allowed).toContain(a.status)
          expectNothingLeaked(a)
        },
      )
    }
  })
}
