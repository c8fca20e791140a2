import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../../domain/business.ts'
import { testAppForFile } from '../helpers/server.ts'
import { PUBLIC_PRODUCT_FIELDS } from '../helpers/product-form.ts'

const t = testAppForFile()

describe('GET /api/products', () => {
  it('answers the catalogue with exactly the public product fields, in order', async () => {
    const res = await request(t.app).get('/api/products').expect(200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.length).toBeGreaterThanOrEqual(12)
    for (const p of res.body) {
      expect(Object.keys(p)).toEqual(PUBLIC_PRODUCT_FIELDS)
      expect(CATEGORIES).toContain(p.category)
      expect(p.price).toMatch(/^£\d+(,\d{3})*\.\d{2}$/)
      expect(() => new URL(p.paymentLink)).not.toThrow()
    }
    for (const c of CATEGORIES) expect(res.body.some((p: { category: string }) => p.category === c)).toBe(true)
  })

  it('serves every seed image from the repository', async () => {
    const res = await request(t.app).get('/api/products')
    for (const p of res.body) {
      const img = await request(t.app).get(p.mainImage)
      expect(img.status, p.mainImage).toBe(200)
      expect(img.headers['content-type']).toMatch(/^image\//)
    }
  })
})

describe('unknown paths', () => {
  it('answers 404 JSON for unknown /api paths', async () => {
    const res = await request(t.app).get('/api/nothing-here').expect(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(typeof res.body.error).toBe('string')
  })

  it("answers 404 with the 'Page Not Found' page for unknown pages", async () => {
    const res = await request(t.app).get('/no/such/page').expect(404)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.text).toContain('Page Not Found')
    expect(res.text).toMatch(/<title>Page Not Found/)
  })
})
