/**
 * RELIABILITY.md: no value of the owner's file takes the shop down behind its proxy. With the worst
 * payment links the file can hold (hundreds of products, each on a host of the longest length DNS
 * allows, and one whose host is longer still), the security header stays under 4 KB, every answer's
 * headers under 8 KB, and behind a real nginx configured as docs/operations.md says every page answers 200.
 */
import { request as httpRequest } from 'node:http'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { isPaymentLink, MAX_HOST_LENGTH } from '../../domain/payment-link.ts'
import type { Product } from '../../domain/product.ts'
import { openContext } from '../../support/browser.ts'
import { hostOfLength } from '../helpers/bad-payment-links.ts'
import { findNginx, NO_NGINX, startNginx, type Nginx } from '../helpers/nginx.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { workerBrowser } from '../helpers/shared-browser.ts'

const MANY = 300

/** Hundreds of products on distinct hosts of the longest valid length, and one on a 19 KB host. */
const WORST: Product[] = [
  ...seedProducts,
  ...Array.from({ length: MANY }, (_, i) => ({
    ...seedProducts[i % seedProducts.length]!,
    id: `long-host-${i}`,
    sku: `LH-${i}`,
    name: `Long host ${i}`,
    paymentLink: `https://${hostOfLength(MAX_HOST_LENGTH, i)}/pay_${i}`,
  })),
  {
    ...seedProducts[0]!,
    id: 'huge-host',
    sku: 'HH-1',
    name: 'Huge host',
    paymentLink: `https://${hostOfLength(19_000)}/x`,
  },
]
const PAGES = [
  '/',
  '/products',
  '/products/long-host-7',
  '/products/oxford-brogue',
  '/products/huge-host',
  '/healthz',
  '/api/products',
]

type Answer = { status: number; headerBytes: number; headers: Record<string, string | string[] | undefined> }

/** One GET as it came over the wire: the size of its status line and headers, however large they are. */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { maxHeaderSize: 1 << 20, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`]
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`)
      res.resume()
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headerBytes: Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`),
          headers: res.headers,
        }),
      )
    })
      .on('error', reject)
      .end()
  })
}

const formAction = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'form-action')!
    .slice(1)

let t: TestServer
let nginx: Nginx | undefined
const nginxPath = findNginx()
beforeAll(async () => {
  t = await startTestServer({
    env: { TRUST_PROXY: 'loopback' },
    avifTwins: false,
    prepare: (dir) =>
      writeFile(path.join(dir, 'db.json'), `${JSON.stringify({ products: WORST, messages: [] }, null, 2)}\n`),
  })
  if (nginxPath) nginx = await startNginx(nginxPath, t.url)
}, 120_000)
afterAll(async () => {
  await nginx?.close()
  await t?.close()
})

describe('the worst payment links the owner’s file can hold', () => {
  it('keep the security header under 4 KB and every answer’s headers under 8 KB, still letting each order through', async () => {
    expect(t.store.products).toHaveLength(WORST.length)
    for (const page of PAGES) {
      const res = await get(`${t.url}${page}`)
      expect(res.status, page).toBe(200)
      expect(res.headerBytes, page).toBeLessThan(8 * 1024)
      const csp = String(res.headers['content-security-policy'] ?? '')
      expect(csp.length, page).toBeLessThan(4 * 1024)
      if (!page.startsWith('/products')) continue
      // Still correct: the no-JavaScript order's redirect to each payment page is allowed by the page's own policy.
      const allowed = formAction(csp)
      for (const p of t.store.products.filter((p) => isPaymentLink(p.paymentLink))) {
        const origin = new URL(p.paymentLink).origin
        expect(allowed.includes(origin) || allowed.includes('https:'), `${page} lets ${p.id}'s order through`).toBe(
          true,
        )
      }
      expect(allowed.filter((s) => s !== "'self'" && s !== 'https:' && !isPaymentLink(s))).toEqual([])
    }
    // The host longer than DNS allows is that product's problem alone: it takes no order, and the health says so.
    expect(isPaymentLink(WORST.at(-1)!.paymentLink)).toBe(false)
  })

  it('behind the operations guide’s nginx: every page answers 200', async (ctx) => {
    ctx.skip(!nginx, NO_NGINX)
    for (const page of PAGES) {
      const res = await get(`${nginx!.url}${page}`)
      expect(res.status, `${page} through nginx: ${await nginx!.log()}`).toBe(200)
    }
  })

  it('behind the operations guide’s nginx: a 390 px phone reads the catalogue and a product, with JavaScript and without', async (ctx) => {
    ctx.skip(!nginx, NO_NGINX)
    const browser: Browser = await workerBrowser()
    for (const javaScriptEnabled of [true, false]) {
      const { page, context } = await openContext(browser, nginx!.url, { viewport: 'phone', javaScriptEnabled })
      for (const [address, heading] of [
        ['/products', 'Our Collection'],
        ['/products/long-host-7', 'Long host 7'],
      ] as const) {
        const res = await page.goto(address)
        expect(res?.status(), `${address}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`).toBe(200)
        await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      }
      await context.close()
    }
  })
})
