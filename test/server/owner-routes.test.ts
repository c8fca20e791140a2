/**
 * The owner's actions on one router mounted at `/admin` (and one at `/api/admin`), with Express's own route
 * parameters and body parsers: an action acts at its own address alone, never at a spelling a route matched
 * by hand, and what the owner reads (opening an enquiry marks it read, the CSV) is answered the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { rawClient, type RawClient } from '../helpers/raw-http.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const PASSWORD = 'correct horse battery'
const OWNER = { Authorization: basicAuth(PASSWORD) }

let t: TestServer
let http: RawClient
let enquiry: StoredEnquiry
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } })
  http = await rawClient(t.handler)
  enquiry = await t.store.addEnquiry(newEnquiry(1))
})
afterAll(async () => {
  await http?.close()
  await t?.close()
})

const archive = (path: string, type = 'application/x-www-form-urlencoded', body = 'action=archive') =>
  http.send(path, { method: 'POST', headers: { ...OWNER, 'content-type': type }, body })
const stored = async () => (await t.store.findEnquiry(enquiry.id))!

describe("the owner's actions", () => {
  it('act at their own address alone: another spelling of it changes nothing (400)', async () => {
    for (const path of [
      `/admin/enquiries//${enquiry.id}`,
      `/admin//enquiries/${enquiry.id}`,
      `/admin/enquiries/${enquiry.id}/`,
    ]) {
      const res = await archive(path)
      expect(res.status, path).toBe(400)
      expect(res.headers['cache-control'], path).toBe('private, no-store')
      expect((await stored()).archived, path).not.toBe(true)
    }
    const done = await archive(`/admin/enquiries/${enquiry.id}`)
    expect(done.status).toBe(303)
    expect(done.headers.location).toBe(`/admin/enquiries/${enquiry.id}?done=archived`)
    expect((await stored()).archived).toBe(true)
  })

  it('read a form and the page script’s JSON alike, and refuse an unknown action (400)', async () => {
    const json = await archive(`/admin/enquiries/${enquiry.id}`, 'application/json', '{"action":"unarchive"}')
    expect(json.status).toBe(303)
    expect((await stored()).archived).not.toBe(true)
    const unknown = await archive(`/admin/enquiries/${enquiry.id}`, 'application/json', '{"action":"constructor"}')
    expect(unknown.status).toBe(400)
  })

  it('open an enquiry by a GET (a HEAD reads nothing), and give the CSV at its own address', async () => {
    expect((await http.send(`/admin/enquiries/${enquiry.id}`, { method: 'HEAD', headers: OWNER })).status).toBe(200)
    expect((await stored()).readAt).toBeUndefined()
    expect((await http.send(`/admin/enquiries/${enquiry.id}`, { headers: OWNER })).status).toBe(200)
    expect((await stored()).readAt).toEqual(expect.any(String))
    const csv = await http.send('/admin/enquiries.csv?all=1', { headers: OWNER })
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.body.toString()).toContain('ann1@example.com')
  })
})
