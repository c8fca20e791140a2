/**
 * Every answer of the owner's workspace, whatever its status (sign-in asked, refused, locked out,
 * conflict, too large, wrong type, redirect, error), is private, never stored and never indexed.
 */
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { hiddenField } from '../helpers/page-text.ts'
import { sentBack } from '../helpers/sent-back.ts'

const PASSWORD = 'correct horse battery'
const VISITOR = { 'X-Forwarded-For': '203.0.113.9' }

type Answer = { status: number; headers: Record<string, string | undefined> }

function expectPrivate(res: Answer, status: number, what: string) {
  expect(res.status, what).toBe(status)
  expect(res.headers['cache-control'], what).toBe('private, no-store')
  expect(res.headers['x-robots-tag'], what).toBe('noindex')
}

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('answers to someone not signed in', () => {
  it('401 without or with wrong credentials, then 429 once locked out, on pages and APIs alike', async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } })
    const addresses = [
      '/admin',
      '/admin/products',
      '/admin/products/oxford-brogue',
      '/api/admin/enquiries',
      '/api/admin/products/order',
      '/api/generate-images/status',
    ]
    for (const p of addresses) {
      expectPrivate(await request(t.app).get(p), 401, `GET ${p} without credentials`)
      expectPrivate(await request(t.app).post(p).type('form').send({ to: 'up' }), 401, `POST ${p} without credentials`)
    }
    expectPrivate(
      await request(t.app).get('/admin/products').set('Authorization', basicAuth('wrong password!')),
      401,
      'a wrong password',
    )
    for (let i = 0; i < 5; i++)
      await request(t.app)
        .get('/admin')
        .set('Authorization', basicAuth(`wrong password ${i}`))
    for (const p of addresses) {
      const locked = await request(t.app).get(p).set('Authorization', basicAuth(PASSWORD))
      expectPrivate(locked, 429, `${p} locked out`)
      expect(locked.headers['retry-after'], p).toMatch(/^\d+$/)
    }
  })

  it('403 to a visitor from elsewhere when no password is set', async () => {
    t = await createTestApp()
    for (const p of [
      '/admin',
      '/admin/products',
      '/admin/history',
      '/api/admin/enquiries',
      '/api/admin/products/order',
      '/api/generate-images/status',
    ]) {
      expectPrivate(await request(t.app).get(p).set(VISITOR), 403, `GET ${p}`)
      expectPrivate(await request(t.app).post(p).set(VISITOR).send({}), 403, `POST ${p}`)
    }
  })
})

describe("the owner's own answers", () => {
  it('redirects after every change and a wrong form, 404 for an unknown product', async () => {
    t = await createTestApp()
    const page = await request(t.app).get('/admin/products/oxford-brogue')
    expectPrivate(page, 200, 'the edit page')
    const form = {
      ...JSON.parse(hiddenField(page.text, 'base')),
      base: hiddenField(page.text, 'base'),
    }
    const wrongPrice = await request(t.app)
      .post('/admin/products/oxford-brogue')
      .type('form')
      .send({ ...form, price: 'cheap' })
    expectPrivate(wrongPrice, 303, 'a wrong price, sent back')
    expectPrivate(await sentBack(t.app, wrongPrice), 200, 'the form sent back with its message')
    expectPrivate(
      await request(t.app)
        .post('/admin/products/oxford-brogue')
        .type('form')
        .send({ ...form, price: '£190.00' }),
      303,
      'a save',
    )
    expectPrivate(
      await request(t.app).post('/admin/products/oxford-brogue/move').type('form').send({ to: 'down' }),
      303,
      'a move',
    )
    expectPrivate(await request(t.app).post('/admin/products/oxford-brogue/duplicate'), 303, 'a duplicate')
    expectPrivate(
      await request(t.app).post('/admin/products/no-such-thing').type('form').send(form),
      404,
      'an unknown product',
    )
    expectPrivate(
      await request(t.app).post('/api/admin/products/order').send({ id: 'oxford-brogue', to: 'top' }),
      200,
      'a move through the API',
    )
    expectPrivate(
      await request(t.app).post('/api/admin/products/order').send({ id: 'oxford-brogue', to: 'sideways' }),
      400,
      'a move the API cannot make',
    )
  })

  it('sent back when another tab saved first', async () => {
    t = await createTestApp()
    const page = await request(t.app).get('/admin/products/chelsea-boot')
    const form = {
      ...JSON.parse(hiddenField(page.text, 'base')),
      base: hiddenField(page.text, 'base'),
    }
    await request(t.app)
      .post('/admin/products/chelsea-boot')
      .type('form')
      .send({ ...form, price: '£220.00' })
      .expect(303)
    const late = await request(t.app)
      .post('/admin/products/chelsea-boot')
      .type('form')
      .send({ ...form, price: '£230.00' })
    expectPrivate(late, 303, 'the late save, sent back')
    expectPrivate(await sentBack(t.app, late), 200, 'the form sent back with both versions')
  })

  it(
    '413 for a form or photograph too large, 415 for a file that is not a ' + 'photograph or a body that is not JSON',
    async () => {
      t = await createTestApp()
      expectPrivate(
        await request(t.app)
          .post('/admin/products/oxford-brogue')
          .type('form')
          .send({ description: 'x'.repeat(70 * 1024) }),
        413,
        'a form over its limit',
      )
      const notAPhoto = await request(t.app)
        .post('/admin/products/oxford-brogue/photos')
        .attach('photo', Buffer.from('not a picture'), 'notes.jpg')
      expectPrivate(notAPhoto, 303, 'a text file as a photograph, sent back')
      expectPrivate(await sentBack(t.app, notAPhoto), 200, 'the page saying why')
      expectPrivate(
        await request(t.app)
          .post('/api/admin/products/order')
          .set('Content-Type', 'text/plain')
          .send('oxford-brogue up'),
        415,
        'a move not sent as JSON',
      )
      expectPrivate(
        await request(t.app).post('/api/admin/products/order').set('Content-Type', 'application/json').send('{"id":'),
        400,
        'broken JSON',
      )
    },
  )
})
