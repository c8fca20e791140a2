/**
 * Enquiries settled in one place: spam or not spam by hand (the owner's word wins over the rules'
 * guess, and is kept in the data file across a restart), a reply that marks the enquiry answered in
 * the same tap, and a health panel whose mail count is the inbox's, saying what it counts.
 */
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { parseCsv } from '../helpers/csv.ts'
import { mainText } from '../helpers/page-text.ts'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const onDisk = async (file: string, id: string) =>
  (await dataOnDisk<{ messages: Record<string, unknown>[] }>(file)).messages.find((m) => m.id === id)!
const act = (id: string, action: string) => request(t!.app).post(`/admin/enquiries/${id}`).type('form').send({ action })
/** The words of the page's main content, as a person reads them. */
const listed = async (query: string) =>
  mainText((await request(t!.app).get(`/admin/enquiries${query}`).expect(200)).text)

describe('spam and not spam, by hand', () => {
  it('moves an enquiry to spam and back, over the rules’ guess, and the word survives a restart', async () => {
    t = await createTestApp({ keepDir: true })
    const plain = await t.store.addEnquiry(newEnquiry(1))
    const guessed = await t.store.addEnquiry({ ...newEnquiry(2), likelySpam: 'mostly links: 3 web addresses' })
    expect(await listed('')).toContain('Ann1 Lee')
    expect(await listed('')).not.toContain('Ann2 Lee')

    const marked = await act(plain.id, 'spam').expect(303)
    expect(marked.headers.location).toBe(`/admin/enquiries/${plain.id}?done=spam`)
    const rescued = await act(guessed.id, 'not-spam').expect(303)
    expect(rescued.headers.location).toBe(`/admin/enquiries/${guessed.id}?done=not-spam`)

    const page = mainText((await request(t.app).get(`/admin/enquiries/${guessed.id}?done=not-spam`).expect(200)).text)
    expect(page).toContain('Marked as not spam: it is back in the inbox.')
    expect(page).toContain(
      'You marked it as not spam; the automatic check said likely spam (mostly links: 3 web addresses).',
    )
    // The inbox, its counts and the spam list follow the owner's word.
    const inbox = await listed('')
    expect(inbox).toContain('Ann2 Lee')
    expect(inbox).not.toContain('Ann1 Lee')
    expect(inbox).toContain('1 not e-mailed')
    expect(inbox).toContain('1 likely spam, kept apart')
    expect(await listed('?spam=1')).toContain('Ann1 Lee')
    // The rules' guess is kept beside the owner's word.
    expect(await onDisk(t.dataFile, plain.id)).toMatchObject({ markedSpam: true })
    expect(await onDisk(t.dataFile, guessed.id)).toMatchObject({
      markedSpam: false,
      likelySpam: 'mostly links: 3 web addresses',
    })

    const dir = t.dir
    await t.close()
    t = await createTestApp({ dir })
    expect(await listed('?spam=1')).toContain('Ann1 Lee')
    expect(await listed('')).toContain('Ann2 Lee')
    expect(mainText((await request(t.app).get(`/admin/enquiries/${plain.id}`).expect(200)).text)).toContain(
      'You marked it as spam.',
    )
  })
})

describe('the CSV export', () => {
  it('says in its Likely spam column what the owner said by hand, beside the automatic check', async () => {
    t = await createTestApp()
    const plain = await t.store.addEnquiry(newEnquiry(1))
    const marked = await t.store.addEnquiry(newEnquiry(2))
    const rescued = await t.store.addEnquiry({ ...newEnquiry(3), likelySpam: 'mostly links: 3 web addresses' })
    const guessed = await t.store.addEnquiry({ ...newEnquiry(4), likelySpam: 'mostly links: 3 web addresses' })
    const confirmed = await t.store.addEnquiry({ ...newEnquiry(5), likelySpam: 'sales pitch' })
    await act(marked.id, 'spam').expect(303)
    await act(rescued.id, 'not-spam').expect(303)
    await act(confirmed.id, 'spam').expect(303)
    const csv = parseCsv((await request(t.app).get('/admin/enquiries.csv?all=1').expect(200)).text)
    const [head, ...rows] = csv.rows as [string[], ...string[][]]
    const verdict = (id: string) => rows.find((r) => r[head.indexOf('Id')] === id)![head.indexOf('Likely spam')]
    expect(verdict(plain.id)).toBe('')
    expect(verdict(marked.id)).toBe('Spam (marked by you)')
    expect(verdict(rescued.id)).toBe(
      'Not spam (marked by you; the automatic check said: mostly links: 3 web addresses)',
    )
    expect(verdict(guessed.id)).toBe('Likely spam (the automatic check: mostly links: 3 web addresses)')
    expect(verdict(confirmed.id)).toBe('Spam (marked by you; the automatic check said: sales pitch)')
    // The spam list's own export holds what the list shows: the owner's word decides.
    const spamList = parseCsv((await request(t.app).get('/admin/enquiries.csv?spam=1').expect(200)).text)
    const ids = spamList.rows.slice(1).map((r) => r[head.indexOf('Id')])
    expect(ids.sort()).toEqual([marked.id, guessed.id, confirmed.id].sort())
  })
})

describe('replying', () => {
  const LONG = `${'Très belle chaussure 👞 größe 42. '.repeat(160)}The end.`
  /** Bytes of an answer's headers as they went on the wire. */
  const headerBytes = (res: request.Response) =>
    Object.entries(res.headers).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${String(v)}\r\n`), 0)

  it('marks the enquiry answered and lands on its page, which says so and offers the reply at its top', async () => {
    t = await createTestApp()
    const m = await t.store.addEnquiry({ ...newEnquiry(3), message: LONG })
    const page = (await request(t.app).get(`/admin/enquiries/${m.id}`).expect(200)).text
    expect(mainText(page)).toContain('Reply by e-mail and mark answered')
    // A redirect to mailto: is refused by the page's own form-action rule: the post lands on the page instead.
    const res = await act(m.id, 'reply').expect(303)
    expect(res.headers.location).toBe(`/admin/enquiries/${m.id}?done=replied`)
    expect(headerBytes(res)).toBeLessThan(8192)
    expect((await onDisk(t.dataFile, m.id)).answeredAt).toEqual(expect.any(String))
    const landed = await request(t.app).get(res.headers.location!).expect(200)
    expect(headerBytes(landed)).toBeLessThan(8192)
    const said = mainText(landed.text)
    expect(said).toContain('Answered (answered ')
    expect(said).toMatch(/Marked as answered\. .*Write the reply in your mail app/)
    const href = /<a [^>]*href="(mailto:[^"]+)"[^>]*>Write the reply in your mail app/.exec(landed.text)![1]!
    expect(href.length).toBeLessThanOrEqual(2000)
    expect(new URL(href.replace(/&amp;/g, '&')).searchParams.get('body')).toMatch(/> \[…\]$/)
  })

  it('answers a script with the enquiry as it now stands', async () => {
    t = await createTestApp()
    const m = await t.store.addEnquiry(newEnquiry(4))
    const res = await act(m.id, 'reply').set('Accept', 'application/json').expect(200)
    expect(res.body.enquiry).toMatchObject({
      id: m.id,
      state: 'answered',
      notice: expect.stringMatching(/^Marked as answered/),
    })
    expect(res.body.enquiry.answeredAt).toEqual(expect.any(String))
    expect((await onDisk(t.dataFile, m.id)).answeredAt).toEqual(expect.any(String))
    await request(t.app)
      .post('/admin/enquiries/no-such-one')
      .set('Accept', 'application/json')
      .type('form')
      .send({ action: 'reply' })
      .expect(404)
  })
})

describe('the health panel’s mail count', () => {
  it('counts the enquiries the inbox counts as not e-mailed, and says which ones those are', async () => {
    t = await createTestApp()
    for (const n of [1, 2, 3]) await t.store.addEnquiry(newEnquiry(n))
    const archived = await t.store.addEnquiry(newEnquiry(4))
    await t.store.setArchived(archived.id, true)
    await t.store.addEnquiry({ ...newEnquiry(5), likelySpam: 'mostly links' })
    await t.store.addEnquiry(
      newEnquiry(6, {
        status: 'sent',
        attempts: [{ at: new Date().toISOString(), ok: true }],
        sentAt: new Date().toISOString(),
      }),
    )
    expect(await listed('')).toContain('3 not e-mailed')
    const health = mainText((await request(t.app).get('/admin/health').expect(200)).text)
    expect(health).toContain(
      '3 enquiries not e-mailed, counted as Enquiries counts them (archived ones and spam left out; 5 in all).',
    )
  })
})
