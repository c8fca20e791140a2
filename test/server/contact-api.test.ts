import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { StoreWriteError } from '../../data/store.server.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { validEnquiry as valid } from '../helpers/valid-enquiry.ts'

type FileEnquiry = Record<string, unknown> & { id: string; notification: { status: string; attempts: unknown[] } }
const readText = (t: TestServer) => readFile(t.dataFile, 'utf8')
const readEnquiries = async (t: TestServer): Promise<FileEnquiry[]> => JSON.parse(await readText(t)).messages

const post = (t: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  request(t.app)
    .post('/api/contact')
    .set(headers)
    .send(body as object)

/** The cookies an answer set, as a browser sends them back. */
const cookiesFrom = (res: request.Response) =>
  ((res.headers['set-cookie'] ?? []) as string[]).map((c) => c.split(';')[0]).join('; ')
/** Follows a 303 back to the form as a browser does: its address, with the cookies the answer set. */
const backToForm = (t: TestServer, res: request.Response) =>
  request(t.app).get(String(res.headers.location).replace(/#.*/, '')).set('Cookie', cookiesFrom(res))

describe('POST /api/contact', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } })
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  it('saves the enquiry in the data file before answering 201 { id }', async () => {
    const before = Date.now()
    const res = await post(t, valid).expect(201)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(Object.keys(res.body)).toEqual(['id'])
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/)

    // Read the file itself: the answer came after the write.
    const text = await readText(t)
    expect(text).toMatch(/^\{\n {2}"products": \[\n/) // pretty-printed, 2 spaces
    const saved = (await readEnquiries(t)).find((m) => m.id === res.body.id)
    expect(saved).toEqual({
      id: res.body.id,
      createdAt: expect.any(String),
      ...valid,
      notification: { status: 'disabled', attempts: [] },
    })
    const createdAt = Date.parse(saved!.createdAt as string)
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000)
    expect(saved!.createdAt).toBe(new Date(createdAt).toISOString())
  })

  it('stores the trimmed values, and nothing the form does not have', async () => {
    const res = await post(t, {
      firstName: '  Amélie ',
      lastName: " O'Brien\n",
      email: ' amelie@example.com ',
      subject: ' custom ',
      message: '\n  A bespoke belt, 38 inches, please.  \n',
      isAdmin: true,
      notification: { status: 'sent' },
    }).expect(201)
    const saved = (await readEnquiries(t)).find((m) => m.id === res.body.id)!
    expect(saved).toMatchObject({
      firstName: 'Amélie',
      lastName: "O'Brien",
      email: 'amelie@example.com',
      subject: 'custom',
      message: 'A bespoke belt, 38 inches, please.',
      notification: { status: 'disabled', attempts: [] },
    })
    expect(Object.keys(saved).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastName',
      'message',
      'notification',
      'subject',
    ])
  })

  it('answers 400 with the form’s message for each bad field, and saves nothing', async () => {
    const before = await readText(t)
    const res = await post(t, {
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      subject: 'hats',
      message: 'too short',
    }).expect(400)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(typeof res.body.error).toBe('string')
    expect(res.body.issues).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      subject: 'Please select a subject',
      message: 'Message must be at least 10 characters long',
    })
    expect(await readText(t)).toBe(before)
  })

  it(
    'answers 400 for names that are not one line of text and for ' +
      'invisible-only fields, keeps a message’s lines, and saves nothing bad',
    async () => {
      const before = await readText(t)
      const forged = await post(t, {
        ...valid,
        firstName: 'Ann <ann@example.com>\n  Subject: Custom Order',
        lastName: 'Smith\u202e',
      }).expect(400)
      expect(forged.body.issues).toEqual({
        firstName: 'First name must be a single line, without line breaks or invisible control characters',
        lastName: 'Last name must be a single line, without line breaks or invisible control characters',
      })
      const invisible = await post(t, { ...valid, firstName: '\u200b\u200b', message: '\u200b'.repeat(12) }).expect(400)
      expect(invisible.body.issues).toEqual({
        firstName: 'First name is required',
        message: 'Message must be at least 10 characters long',
      })
      expect(await readText(t)).toBe(before)

      const res = await post(t, { ...valid, message: 'Line one\r\nLine two \u202eand\u0007 three' }).expect(201)
      expect((await readEnquiries(t)).find((m) => m.id === res.body.id)!.message).toBe('Line one\nLine two and three')
    },
  )

  it('answers 400 with readable messages for missing fields and non-object bodies', async () => {
    const res = await post(t, { email: 'jane@example.com' }).expect(400)
    expect(res.body.issues).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      subject: 'Please select a subject',
      message: 'Message must be at least 10 characters long',
    })
    const arr = await post(t, [valid]).expect(400)
    expect(arr.body.issues.firstName).toBe('First name is required')
  })

  it('answers 400 JSON for a body that is not valid JSON', async () => {
    const res = await request(t.app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"firstName": "Jane",')
      .expect(400)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.error).toMatch(/not valid JSON/)
  })

  it('answers 415 JSON for anything but JSON', async () => {
    const form = await request(t.app).post('/api/contact').type('form').send(valid).expect(415)
    expect(form.headers['content-type']).toMatch(/application\/json/)
    expect(form.body.error).toMatch(/JSON/)
    const text = await request(t.app)
      .post('/api/contact')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify(valid))
      .expect(415)
    expect(text.body.error).toMatch(/JSON/)
    await request(t.app).post('/api/contact').expect(415) // no body, no type
  })

  it('answers 413 JSON for a body over the limit, and saves nothing', async () => {
    const before = await readText(t)
    const res = await post(t, { ...valid, message: 'x'.repeat(100_000) }).expect(413)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.error).toMatch(/too long/)
    expect(await readText(t)).toBe(before)
  })

  it('takes a full-length message in any script (the body limit is not too small)', async () => {
    const message = '€'.repeat(5000) // 3 bytes each in UTF-8
    const res = await post(t, { ...valid, message }).expect(201)
    expect((await readEnquiries(t)).find((m) => m.id === res.body.id)!.message).toBe(message)
    const tooLong = await post(t, { ...valid, message: 'x'.repeat(5001) }).expect(400)
    expect(tooLong.body.issues.message).toMatch(/at most 5000/)
  })

  it('drops a post whose honeypot is filled: 201 with an id that is saved nowhere', async () => {
    const before = await readText(t)
    const res = await post(t, { ...valid, website: 'http://cheap-pills.example' }).expect(201)
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await readText(t)).toBe(before)
    expect(before).not.toContain(res.body.id)
  })

  it('answers 503 with a readable sentence when the data file cannot be written', async () => {
    vi.spyOn(t.store, 'addEnquiry').mockRejectedValueOnce(new StoreWriteError('Could not write: EROFS'))
    const res = await post(t, valid).expect(503)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.error).toMatch(/could not be saved/)
    expect(res.body.error).not.toMatch(/EROFS|\//) // no file paths or system errors for visitors
  })

  it('keeps all of a burst of 200 concurrent enquiries, in a file that still parses', async () => {
    const before = (await readEnquiries(t)).length
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(t, { ...valid, firstName: `Visitor${i}`, message: `Burst message number ${i}.` }),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201))
    const ids = responses.map((r) => r.body.id as string)
    expect(new Set(ids).size).toBe(200)

    const enquiries = await readEnquiries(t) // JSON.parse throws if the file were torn
    expect(enquiries.length).toBe(before + 200)
    const byId = new Map(enquiries.map((m) => [m.id, m]))
    responses.forEach((r, i) => {
      expect(byId.get(r.body.id)).toMatchObject({ firstName: `Visitor${i}`, message: `Burst message number ${i}.` })
    })
  })
})

describe('rate limit (CONTACT_RATE_LIMIT enquiries per client per 10 minutes)', () => {
  let t: TestServer
  afterEach(() => t?.close())

  it('answers 429 JSON with a readable sentence once a client has sent its share', async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '3' } })
    for (let i = 0; i < 3; i++) await post(t, valid).expect(201)
    const res = await post(t, valid).expect(429)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.error).toMatch(/^You have sent 3 messages in the last 10 minutes\. Please wait/)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect((await readEnquiries(t)).length).toBe(3)
  })

  it('counts only saved enquiries: a visitor who mistypes is not locked out', async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '2' } })
    for (let i = 0; i < 4; i++) await post(t, { ...valid, email: 'oops' }).expect(400)
    await post(t, valid).expect(201)
    await post(t, valid).expect(201)
    await post(t, valid).expect(429)
  })

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '1' } })
    await post(t, valid, { 'X-Forwarded-For': '203.0.113.1' }).expect(201)
    await post(t, valid, { 'X-Forwarded-For': '203.0.113.2' }).expect(429) // same socket address: same client
  })

  it('tells clients apart by X-Forwarded-For behind a trusted proxy (TRUST_PROXY)', async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '1', TRUST_PROXY: '1' } })
    await post(t, valid, { 'X-Forwarded-For': '203.0.113.1' }).expect(201)
    await post(t, valid, { 'X-Forwarded-For': '203.0.113.2' }).expect(201)
    await post(t, valid, { 'X-Forwarded-For': '203.0.113.1' }).expect(429)
  })

  it('applies the same limit to the no-JavaScript form, which says so beside the form', async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '1' } })
    await post(t, valid).expect(201)
    const res = await request(t.app).post('/contact').type('form').send(valid).expect(303)
    expect(res.headers.location).toMatch(/^\/contact\?form=[0-9a-f-]{36}#contact-form$/)
    const page = await backToForm(t, res).expect(200)
    expect(page.text).toContain('You have sent a message in the last 10 minutes')
    expect((await readEnquiries(t)).length).toBe(1)
  })
})

describe('the no-JavaScript form post (POST /contact, post/redirect/get)', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' } })
  })
  afterAll(() => t.close())

  it('saves a valid post the same way and redirects to the confirmation page', async () => {
    const res = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ ...valid, firstName: ' Form ', website: '' })
      .expect(303)
    expect(res.headers.location).toBe('/contact/sent')
    const saved = (await readEnquiries(t)).at(-1)!
    expect(saved).toMatchObject({ ...valid, firstName: 'Form', notification: { status: 'disabled', attempts: [] } })
    expect(saved).not.toHaveProperty('website')

    const page = await request(t.app).get('/contact/sent').expect(200)
    expect(page.text).toContain('Message sent successfully!')
    expect(page.text).toContain('Thank you for your enquiry. We&#x27;ll get back to you soon.')
  })

  it('sends an invalid post back to the form with the errors beside the fields and the values kept', async () => {
    const before = await readText(t)
    const typed = { firstName: 'Jane', lastName: '', email: 'jane@nowhere', subject: 'belts', message: '<i>hi</i>' }
    const res = await request(t.app).post('/contact').type('form').send(typed).expect(303)
    const location = res.headers.location as string
    expect(location).toMatch(/^\/contact\?form=[0-9a-f-]{36}#contact-form$/)
    for (const value of ['Jane', 'jane', 'nowhere', 'hi', 'belts']) expect(location).not.toContain(value)
    expect(await readText(t)).toBe(before)

    const page = await backToForm(t, res).expect(200)
    expect(page.headers['cache-control']).toBe('no-store')
    const html = page.text
    expect(html).toContain('Last name is required')
    expect(html).toContain('Please enter a valid email address')
    expect(html).toContain('Message must be at least 10 characters long')
    expect(html).not.toContain('First name is required')
    expect(html).not.toContain('Please select a subject')
    expect(html).toMatch(/<input[^>]*name="firstName"[^>]*value="Jane"|<input[^>]*value="Jane"[^>]*name="firstName"/)
    expect(html).toMatch(/name="email"[^>]*value="jane@nowhere"|value="jane@nowhere"[^>]*name="email"/)
    expect(html).toMatch(/<option value="belts" selected="">/)
    expect(html).toContain('&lt;i&gt;hi&lt;/i&gt;</textarea>')
    expect(html).not.toContain('<i>hi</i>')
    expect(html).toMatch(/aria-invalid="true"/)
    expect(html).toMatch(/<p class="contact-form__alert" role="alert">Please correct the highlighted fields\.<\/p>/)

    // A reload shows the same; another visitor's /contact is a blank form.
    expect((await backToForm(t, res).expect(200)).text).toContain('Last name is required')
    const blank = await request(t.app).get('/contact').expect(200)
    expect(blank.text).not.toContain('Last name is required')
    expect(blank.text).not.toContain('jane@nowhere')
    const stale = await request(t.app)
      .get('/contact?form=00000000-0000-0000-0000-000000000000')
      .set('Cookie', cookiesFrom(res))
      .expect(200)
    expect(stale.text).not.toContain('Last name is required')
  })

  it('applies the same one-line rule to names sent without JavaScript', async () => {
    const before = await readText(t)
    const res = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ ...valid, firstName: 'Ann\r\nSubject: Custom Order', lastName: '\u200b' })
      .expect(303)
    expect(await readText(t)).toBe(before)
    const html = (await backToForm(t, res).expect(200)).text
    expect(html).toContain('First name must be a single line, without line breaks or invisible control characters')
    expect(html).toContain('Last name is required')
  })

  it('drops a bot post (honeypot) but shows the bot the confirmation', async () => {
    const before = await readText(t)
    const res = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ ...valid, website: 'spam.example' })
      .expect(303)
    expect(res.headers.location).toBe('/contact/sent')
    expect(await readText(t)).toBe(before)
  })

  it('sends an oversized post back to the form with a sentence', async () => {
    const res = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ ...valid, message: 'x'.repeat(100_000) })
      .expect(303)
    const page = await backToForm(t, res).expect(200)
    expect(page.text).toContain('Your message is too long to send')
  })

  it('keeps the values and says so when the data file cannot be written', async () => {
    vi.spyOn(t.store, 'addEnquiry').mockRejectedValueOnce(new StoreWriteError('Could not write'))
    const res = await request(t.app).post('/contact').type('form').send(valid).expect(303)
    expect(res.headers.location).toMatch(/^\/contact\?form=/)
    const page = await backToForm(t, res).expect(200)
    expect(page.text).toContain('could not be saved')
    expect(page.text).toContain('jane.smith@example.co.uk')
    vi.restoreAllMocks()
  })
})
