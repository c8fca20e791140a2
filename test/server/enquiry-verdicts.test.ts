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

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const onDisk = async (file: string, id: string) =>
  (await dataOnDisk<{ messages: Record<string, unknown>[] }>(file)).messages.find((m) => m.id === id)!
const act = (id: string, action: string) => request(t!.app).post(`/admin/enquiries/${id}`).type('form').send({ action })
/** The words of the page's main content, as a person reads them. */
const words = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
const listed = async (query: string) => words((await request(t!.app).get(`/admin/enquiries${query}`).expect(200)).text)

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

    const page = words((await request(t.app).get(`/admin/enquiries/${guessed.id}?done=not-spam`).expect(200)).text)
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
    expect(words((await request(t.app).get(`/admin/enquiries/${plain.id}`).expect(200)).text)).toContain(
      'You marked it as spam.',
    )
  })
})

describe('replying', () => {
  it('marks the enquiry answered and opens the mail app with the reply, in one post', async () => {
    t = await createTestApp()
    const m = await t.store.addEnquiry(newEnquiry(3))
    const page = (await request(t.app).get(`/admin/enquiries/${m.id}`).expect(200)).text
    expect(words(page)).toContain('Reply by e-mail and mark answered')
    const res = await act(m.id, 'reply').expect(303)
    expect(res.headers.location).toMatch(/^mailto:ann3@example\.com\?subject=Re%3A%20/)
    expect(page).toContain(res.headers.location!.replace(/&/g, '&amp;'))
    expect((await onDisk(t.dataFile, m.id)).answeredAt).toEqual(expect.any(String))
    expect(words((await request(t.app).get(`/admin/enquiries/${m.id}`).expect(200)).text)).toContain(
      'Answered (answered ',
    )
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
    const health = words((await request(t.app).get('/admin/health').expect(200)).text)
    expect(health).toContain(
      '3 enquiries not e-mailed, counted as Enquiries counts them (archived ones and spam left out; 5 in all).',
    )
  })
})
