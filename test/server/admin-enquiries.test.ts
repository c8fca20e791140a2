/**
 * The owner's inbox over HTTP, on a real data file: who may see it, what each form post changes on
 * disk, and that the owner's marks and a deletion hold against an older copy of the file.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { datedFileFor } from '../../data/dated-files.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { parseCsv } from '../helpers/csv.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

const PASSWORD = 'correct horse battery'
const OWNER = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function withEnquiries(n: number, env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD }) {
  t = await createTestApp({ env })
  const saved = []
  for (let i = 0; i < n; i++) saved.push(await t.store.addEnquiry(newEnquiry(i)))
  return { t, saved }
}

const onDisk = async (file: string, id: string) =>
  (await dataOnDisk<{ messages: Record<string, unknown>[] }>(file)).messages.find((m) => m.id === id)
const post = (t: TestServer, path: string, form: Record<string, string>) =>
  request(t.app).post(path).set('Authorization', OWNER).type('form').send(form)

describe('who may see the inbox and the health panel', () => {
  const spellings = (id: string) => [
    '/admin/enquiries',
    '/ADMIN/Enquiries',
    '/%61dmin/enquiries',
    '//admin//enquiries/',
    `/admin/enquiries/${id}`,
    `/admin/enquiries/${id}/index.pageContext.json`,
    '/admin/enquiries.csv',
    '/admin/enquiries.csv?all=1',
    '/admin/health',
    '/admin/%68ealth',
  ]

  it('asks for the password (401, no-store, noindex) on every spelling, for pages, the export and posts', async () => {
    const { t, saved } = await withEnquiries(1)
    for (const path of spellings(saved[0]!.id)) {
      const res = await request(t.app).get(path)
      expect([401, 404], path).toContain(res.status)
      expect(res.headers['cache-control'], path).toContain('no-store')
      expect(res.text, path).not.toContain('ann0@example.com')
    }
    const res = await request(t.app)
      .post(`/admin/enquiries/${saved[0]!.id}`)
      .type('form')
      .send({ action: 'delete', confirm: 'yes' })
    expect(res.status).toBe(401)
    expect(await onDisk(t.dataFile, saved[0]!.id)).toBeDefined()
  })

  it('answers 403 to anyone but the server machine when no password is set, and changes nothing', async () => {
    const { t, saved } = await withEnquiries(1, {})
    for (const path of spellings(saved[0]!.id)) {
      const res = await request(t.app).get(path).set('X-Forwarded-For', '203.0.113.9')
      expect([403, 404], path).toContain(res.status)
      expect(res.text, path).not.toContain('ann0@example.com')
    }
    for (const action of ['archive', 'answered', 'delete']) {
      const res = await request(t.app)
        .post(`/admin/enquiries/${saved[0]!.id}`)
        .set('X-Forwarded-For', '203.0.113.9')
        .type('form')
        .send({ action, confirm: 'yes' })
      expect(res.status).toBe(403)
    }
    expect(await onDisk(t.dataFile, saved[0]!.id)).toEqual(JSON.parse(JSON.stringify(saved[0])))
    // The machine itself is the owner then (an SSH tunnel): it reads the inbox.
    const own = await request(t.app).get('/admin/enquiries')
    expect(own.status).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect(own.headers['x-robots-tag']).toBe('noindex')
  })

  it('refuses a post from another website (403), even with the owner’s password, and changes nothing', async () => {
    const { t, saved } = await withEnquiries(1)
    const res = await post(t, `/admin/enquiries/${saved[0]!.id}`, { action: 'archive' })
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
    expect(res.status).toBe(403)
    expect((await onDisk(t.dataFile, saved[0]!.id))?.archived).toBeUndefined()
  })
})

describe('reading and settling an enquiry', () => {
  it('marks it read when opened, and each form post changes the file, then sends the owner back (303)', async () => {
    const { t, saved } = await withEnquiries(3)
    const id = saved[1]!.id
    const page = await request(t.app).get(`/admin/enquiries/${id}?state=new&q=ann`).set('Authorization', OWNER)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Hello there, a question.')
    expect(typeof (await onDisk(t.dataFile, id))?.readAt).toBe('string')

    let res = await post(t, `/admin/enquiries/${id}?state=new&q=ann`, { action: 'answered' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe(`/admin/enquiries/${id}?state=new&q=ann&done=answered`)
    expect(typeof (await onDisk(t.dataFile, id))?.answeredAt).toBe('string')
    expect((await request(t.app).get(res.headers.location!).set('Authorization', OWNER)).text).toContain(
      'Marked as answered.',
    )

    await post(t, `/admin/enquiries/${id}`, { action: 'archive' }).expect(303)
    expect((await onDisk(t.dataFile, id))?.archived).toBe(true) // the field npm run messages reads
    await post(t, `/admin/enquiries/${id}`, { action: 'unarchive' }).expect(303)
    expect((await onDisk(t.dataFile, id))?.archived).toBeUndefined()
    res = await post(t, `/admin/enquiries/${id}`, { action: 'unread' })
    expect(res.headers.location).toBe('/admin/enquiries?done=unread')
    expect(await onDisk(t.dataFile, id)).not.toHaveProperty('readAt')
    expect((await post(t, `/admin/enquiries/${id}`, { action: 'nonsense' })).status).toBe(400)
    expect((await request(t.app).get('/admin/enquiries/no-such-id').set('Authorization', OWNER)).status).toBe(404)
  })

  it('answers 400 "Unknown action" to an action named after a property of every object, changing nothing', async () => {
    const { t, saved } = await withEnquiries(1)
    const id = saved[0]!.id
    const before = await onDisk(t.dataFile, id)
    for (const action of ['__proto__', 'hasOwnProperty', 'constructor', 'toString', 'valueOf']) {
      const res = await post(t, `/admin/enquiries/${id}`, { action })
      expect(res.status, action).toBe(400)
      expect(res.text, action).toContain('Unknown action')
    }
    expect(await onDisk(t.dataFile, id)).toEqual(before)
    // Nor does a notice named so show anything but the enquiry.
    const page = await request(t.app).get(`/admin/enquiries/${id}?done=constructor`).set('Authorization', OWNER)
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('[native code]')
  })

  it('keeps the owner’s marks when an older copy of the file is saved over it', async () => {
    const { t, saved } = await withEnquiries(2)
    const older = await readFile(t.dataFile, 'utf8')
    const id = saved[0]!.id
    await request(t.app).get(`/admin/enquiries/${id}`).set('Authorization', OWNER).expect(200)
    await post(t, `/admin/enquiries/${id}`, { action: 'answered' }).expect(303)
    await ownerSaves(t.store, older)
    const kept = await onDisk(t.dataFile, id)
    expect(typeof kept?.readAt).toBe('string')
    expect(typeof kept?.answeredAt).toBe('string')
  })

  it(
    'deletes for good only once confirmed: gone from the file and the ' +
      'journal, and an older copy does not bring it back',
    async () => {
      const { t, saved } = await withEnquiries(2)
      const id = saved[0]!.id
      const older = await readFile(t.dataFile, 'utf8')
      const confirm = await request(t.app).get(`/admin/enquiries/${id}?confirm=delete`).set('Authorization', OWNER)
      expect(confirm.text).toContain('Delete this enquiry for good?')
      let res = await post(t, `/admin/enquiries/${id}`, { action: 'delete' })
      expect(res.headers.location).toBe(`/admin/enquiries/${id}?done=confirm-first`)
      expect(await onDisk(t.dataFile, id)).toBeDefined()
      res = await post(t, `/admin/enquiries/${id}`, { action: 'delete', confirm: 'yes' })
      expect(res.status).toBe(303)
      expect(res.headers.location).toBe('/admin/enquiries?done=deleted')
      expect(await onDisk(t.dataFile, id)).toBeUndefined()
      const journal = () => readFile(journalFileFor(t.dataFile), 'utf8')
      expect(await journal()).not.toContain('ann0@example.com')
      await ownerSaves(t.store, older)
      expect(await onDisk(t.dataFile, id)).toBeUndefined()
      expect(await onDisk(t.dataFile, saved[1]!.id)).toBeDefined()
      expect(await journal()).not.toContain('ann0@example.com')
      expect((await request(t.app).get(`/admin/enquiries/${id}`).set('Authorization', OWNER)).status).toBe(404)
    },
  )
})

describe('an enquiry older than the data file keeps (in its month’s dated file)', () => {
  it('is listed, opened (marked read in its file), found, and deleted for good from its file', async () => {
    const old = {
      ...newEnquiry(7),
      id: 'old-one',
      createdAt: '2024-03-10T09:00:00.000Z',
      notification: { status: 'sent', attempts: [], sentAt: '2024-03-10T09:01:00.000Z' },
    }
    t = await createTestApp({
      env: { ADMIN_PASSWORD: PASSWORD },
      prepare: (dir) =>
        writeFile(path.join(dir, 'db.json'), JSON.stringify({ products: seedProducts, messages: [old] })),
    })
    const dated = datedFileFor(t.dataFile, '2024-03')
    const inDated = async () =>
      JSON.parse(await readFile(dated, 'utf8').catch(() => '{"messages":[]}')).messages as Record<string, unknown>[]
    await expect.poll(async () => (await inDated()).map((m) => m.id)).toEqual(['old-one'])
    const list = await request(t.app).get('/admin/enquiries?q=ann7').set('Authorization', OWNER)
    expect(list.text).toContain('ann7@example.com')
    await request(t.app).get('/admin/enquiries/old-one').set('Authorization', OWNER).expect(200)
    expect((await inDated())[0]!.readAt).toEqual(expect.any(String))
    await post(t, '/admin/enquiries/old-one', { action: 'delete', confirm: 'yes' }).expect(303)
    expect(await inDated()).toEqual([])
    expect(await readFile(journalFileFor(t.dataFile), 'utf8')).not.toContain('ann7@example.com')
  })
})

describe('the export', () => {
  it('downloads the filtered view or every enquiry as CSV with a byte order mark', async () => {
    const { t } = await withEnquiries(3)
    await t.store.addEnquiry({ ...newEnquiry(9), message: "=cmd|' /C calc'!A0 and more" })
    const some = await request(t.app).get('/admin/enquiries.csv?q=ann9').set('Authorization', OWNER)
    expect(some.status).toBe(200)
    expect(some.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(some.headers['content-disposition']).toMatch(/^attachment; filename="enquiries-\d{4}-\d\d-\d\d\.csv"$/)
    const parsed = parseCsv(some.text)
    expect(parsed.bom).toBe(true)
    expect(parsed.rows).toHaveLength(2)
    expect(parsed.rows[1]![parsed.rows[0]!.indexOf('Message')]).toBe("'=cmd|' /C calc'!A0 and more")
    const all = parseCsv((await request(t.app).get('/admin/enquiries.csv?all=1').set('Authorization', OWNER)).text)
    expect(all.rows).toHaveLength(5)
  })
})
