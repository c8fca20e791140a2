/**
 * One spelling before routing: an address not in its plain spelling is answered once, before any router
 * (301 to the plain spelling for GET and HEAD, 400 for a post), so no router acts on a spelling of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPublished } from '../../domain/publishing.ts'
import { validEnquiry } from '../helpers/valid-enquiry.ts'
import { rawClient, type RawClient } from '../helpers/raw-http.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
let http: RawClient
beforeAll(async () => {
  t = await createTestApp()
  http = await rawClient(t.handler)
})
afterAll(async () => {
  await http?.close()
  await t?.close()
})

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

describe('an address in another spelling', () => {
  it('is sent to its plain spelling (301) for GET and HEAD, its query kept', async () => {
    for (const [asked, plain] of [
      ['/products/', '/products'],
      ['//products?category=bags', '/products?category=bags'],
      ['/products/./tote-bag', '/products/tote-bag'],
      ['/products\\tote-bag', '/products/tote-bag'],
      ['/admin/', '/admin'],
      ['/admin//products', '/admin/products'],
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await http.send(asked!, { method })
        expect(res.status, `${method} ${asked}`).toBe(301)
        expect(res.headers.location, `${method} ${asked}`).toBe(plain)
      }
    }
    // The owner's addresses stay private in every answer, a redirect included.
    expect((await http.send('/admin/')).headers['cache-control']).toBe('private, no-store')
  })

  it('is the same page where only escaped letters differ (the same address), answered there', async () => {
    const plain = await http.send('/products/tote-bag')
    const escaped = await http.send('/products/%74ote-bag')
    expect(escaped.status).toBe(200)
    expect(escaped.body.equals(plain.body)).toBe(true)
  })

  it('is refused (400) for a post, and no router acts on it', async () => {
    const before = await t.store.allEnquiries()
    const sent = await http.send('/contact/', form(validEnquiry))
    expect(sent.status).toBe(400)
    expect(sent.body.toString()).toContain('/contact')
    expect(await t.store.allEnquiries()).toHaveLength(before.length)

    const api = await http.send('/api/contact/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validEnquiry),
    })
    expect(api.status).toBe(400)
    expect(JSON.parse(api.body.toString()).error).toContain('/api/contact')
    expect(await t.store.allEnquiries()).toHaveLength(before.length)

    // The owner's Unpublish, posted to a spelling with a trailing slash, takes nothing off the shop.
    for (const asked of ['/admin/products/tote-bag/unpublish/', '/admin//products/tote-bag/unpublish']) {
      expect((await http.send(asked, form({}))).status, asked).toBe(400)
      expect(isPublished(t.store.products.find((p) => p.id === 'tote-bag')!), asked).toBe(true)
    }
  })
})
