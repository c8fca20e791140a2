import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the render cache', () => {
  it('serves a page again from cache, and re-renders the moment the products change', async () => {
    const first = await request(t.app).get('/products').expect(200)
    const second = await request(t.app).get('/products').expect(200)
    expect(second.text).toBe(first.text)
    expect(second.headers.etag).toBeTruthy()

    await t.store.updateProduct('oxford-brogue', (p) => ({ ...p, name: 'Oxford Brogue Mk II', price: '£199.00' }))
    const after = await request(t.app).get('/products').expect(200)
    expect(after.text).toContain('Oxford Brogue Mk II')
    expect(after.text).toContain('£199.00')
    expect(after.text).not.toBe(first.text)
    // The API and the home page agree at once too.
    expect((await request(t.app).get('/api/products')).body.find((p: { id: string }) => p.id === 'oxford-brogue').name).toBe('Oxford Brogue Mk II')
  })

  it('keeps pages apart by URL and query', async () => {
    const bags = await request(t.app).get('/products?category=bags')
    const belts = await request(t.app).get('/products?category=belts')
    expect(bags.text).not.toBe(belts.text)
    expect((await request(t.app).get('/products?category=bags')).text).toBe(bags.text)
  })

  it('answers 304 to a browser whose copy is current', async () => {
    await request(t.app).get('/terms')
    const cached = await request(t.app).get('/terms')
    await request(t.app).get('/terms').set('If-None-Match', cached.headers.etag!).expect(304)
  })
})
