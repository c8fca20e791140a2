/**
 * A workspace form the server refuses goes back to its page by post/redirect/get: its messages and what
 * was typed come back from the signed owner-form cookie, again on a reload, never from a changed or
 * foreign one; a state too large for the cookie is answered with the page itself, nothing typed lost.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { parseOwnerFormResults } from '../../server/http/returned-owner-form.server.ts'
import { pageText } from '../helpers/page-text.ts'
import { openProductForm, saveProductForm } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { testAppForFile } from '../helpers/server.ts'

const t = testAppForFile()
const PRICE_MESSAGE = 'Write the price in pounds, such as 185'

describe('a refused workspace form', () => {
  it('shows its messages and typed values again on a reload, and nothing from a changed cookie', async () => {
    const before = await readFile(t.dataFile, 'utf8')
    const form = await openProductForm(t, 'oxford-brogue')
    const posted = await saveProductForm(t, 'oxford-brogue', { ...form, price: 'a fair price' })
    const page = await sentBack(t.app, posted)
    expect(pageText(page.text)).toContain(PRICE_MESSAGE)
    expect(page.text).toContain('value="a fair price"')
    const cookies = [posted.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!)
    for (const cookie of [posted.headers['set-cookie'] ?? []].flat())
      for (const attribute of ['Path=/admin;', 'HttpOnly', 'SameSite=Lax']) expect(cookie).toContain(attribute)
    const location = String(posted.headers.location)
    const reload = await request(t.app).get(location).set('Cookie', cookies.join('; ')).expect(200)
    expect(pageText(reload.text)).toContain(PRICE_MESSAGE)

    // One character changed, or another form's id: the plain page, as stored.
    const changed = cookies.map((c) => c.replace(/=(.)/, (_, ch: string) => `=${ch === 'A' ? 'B' : 'A'}`))
    for (const [address, sent] of [
      [location, changed],
      [location.replace(/form=[\w-]+/, 'form=00000000-0000-4000-8000-000000000000'), cookies],
    ] as const) {
      const plain = await request(t.app).get(address).set('Cookie', sent.join('; ')).expect(200)
      expect(pageText(plain.text)).not.toContain(PRICE_MESSAGE)
      expect(plain.text).toContain('value="£185.00"')
    }
    expect(await readFile(t.dataFile, 'utf8')).toBe(before)
  })

  it('too large for its cookie, is answered with the page itself, what was typed kept', async () => {
    const form = await openProductForm(t, 'oxford-brogue')
    // Text that does not compress: far past the two cookies' 7,000 characters.
    const description = randomBytes(24 * 1024).toString('base64')
    const res = await saveProductForm(t, 'oxford-brogue', { ...form, price: 'lots', description })
    expect(res.status).toBe(400)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(pageText(res.text)).toContain(PRICE_MESSAGE)
    expect(res.text).toContain(description)
  })

  it('reads back only the shapes it writes, whatever a cookie of another version carried', () => {
    expect(
      // As a cookie's JSON reads: `__proto__` is a key like any other there.
      parseOwnerFormResults(
        JSON.parse(
          JSON.stringify({
            product: {
              values: { price: 5, name: 'Brogue' },
              errors: { price: 'Wrong', constructor: 'no', hasOwnProperty: 'no', name: 7 },
              conflict: { saved: {}, fields: ['price', 'toString', 3] },
            },
            publish: { missing: ['a name', 4] },
            upload: { error: 3 },
            photoAction: { refusal: 'Changed' },
            contact: { values: {} },
          }).replace('"values":{', '"values":{"__proto__":{"sku":"X"},'),
        ),
      ),
    ).toEqual({
      product: {
        values: expect.objectContaining({ price: '', name: 'Brogue', sku: '' }),
        errors: { price: 'Wrong' },
        conflict: { saved: expect.objectContaining({ price: '' }), fields: ['price'] },
      },
      publish: { missing: ['a name'] },
      photoAction: { refusal: 'Changed' },
    })
    for (const junk of [null, 'text', 3, []]) expect(parseOwnerFormResults(junk)).toBeUndefined()
  })
})
