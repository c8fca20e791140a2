/**
 * Half an emoji (a lone surrogate): JSON can spell one (`\ud83d`) and a hand edit can leave one in
 * the data file. It is kept as U+FFFD when it arrives, and a page or link built from older text
 * still opens.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { validEnquiry } from '../helpers/valid-enquiry.ts'

const PASSWORD = 'correct horse battery'
const OWNER = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`
const HALF = '\ud83d'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const asOwner = (t: TestServer, url: string) => request(t.app).get(url).set('Authorization', OWNER)

describe('half an emoji sent to POST /api/contact', () => {
  it('is kept as U+FFFD, and the enquiry’s page, its reply and the owner’s reply link all work', async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD, CONTACT_RATE_LIMIT: '0' } })
    // JSON.stringify spells a lone surrogate as the escape `\ud83d`, as a client's JSON may.
    const body = JSON.stringify({ ...validEnquiry, firstName: `Ann${HALF}`, message: `About the tote ${HALF}` })
    expect(body).toContain('\\ud83d')
    const res = await request(t.app).post('/api/contact').type('json').send(body).expect(201)

    const stored = JSON.parse(await readFile(t.dataFile, 'utf8')).messages.find(
      (m: { id: string }) => m.id === res.body.id,
    )
    expect(stored).toMatchObject({ firstName: 'Ann\ufffd', message: 'About the tote \ufffd' })

    const page = await asOwner(t, `/admin/enquiries/${res.body.id}`).expect(200)
    expect(page.text).toContain('About the tote \ufffd')
    const replied = await request(t.app)
      .post(`/admin/enquiries/${res.body.id}`)
      .set('Authorization', OWNER)
      .set('Accept', 'application/json')
      .send({ action: 'reply' })
      .expect(200)
    expect(replied.body.enquiry.replyHref).toMatch(/^mailto:.*%EF%BF%BD/)
  })
})

describe('half an emoji left in the data file by a hand edit', () => {
  it('still lets the enquiry’s page and the product’s page open', async () => {
    const product = { ...seedProducts.find((p) => p.id === 'oxford-brogue')!, name: `Oxford Brogue ${HALF}` }
    const enquiry = {
      id: 'hand-edited',
      createdAt: '2026-11-27T10:00:00.000Z',
      ...validEnquiry,
      lastName: `Smith${HALF}`,
      notification: { status: 'disabled', attempts: [] },
    }
    t = await createTestApp({
      env: { ADMIN_PASSWORD: PASSWORD },
      prepare: (dir) =>
        writeFile(path.join(dir, 'db.json'), JSON.stringify({ products: [product], messages: [enquiry] }, null, 2)),
    })
    const page = await asOwner(t, '/admin/enquiries/hand-edited').expect(200)
    expect(page.text).toMatch(/href="mailto:[^"]*%EF%BF%BD/)
    const productPage = await request(t.app).get('/products/oxford-brogue').expect(200)
    expect(productPage.text).toMatch(/href="https:\/\/wa\.me\/[^"]*%EF%BF%BD/)
  })
})
