import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, startTestServer, type TestServer } from '../helpers/server.ts'
import { ownerSaves, ownerSavesBroken } from '../helpers/owner-save.ts'
import request from 'supertest'
import { basicAuth } from '../helpers/basic-auth.ts'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

describe('GET /healthz', () => {
  it('answers 200 to 200 overlapping checks of a healthy server, and leaves no probe file behind', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${t.url}/healthz`).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    )
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
    expect(answers.every((a) => a.body.status === 'ok')).toBe(true)
    expect((await readdir(t.dir)).filter((n) => n.includes('probe'))).toEqual([])
  })

  it(
    'still answers 200 while the owner’s edit of the data file has an ' +
      'error, and says what and where without the folder',
    async () => {
      const good = await readFile(t.dataFile, 'utf8')
      await ownerSavesBroken(t.store, good.replace('"products": [', '"products": [,'))
      const res = await fetch(`${t.url}/healthz`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        status: 'attention',
        dataFile: expect.stringMatching(/^db\.json is not valid JSON at line 2, column 16: a value is missing here\.$/),
      })
      // Anyone else gets the status alone: the mistake quotes the owner's file.
      const visitor = await fetch(`${t.url}/healthz?detail=1`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect(await visitor.json()).toEqual({ status: 'attention' })
      await ownerSaves(t.store, good)
      expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: 'ok' })
      expect(path.basename(t.dataFile)).toBe('db.json')
    },
  )
})

describe('GET /healthz?detail=1: the process detail, for the owner alone', () => {
  const isDetailed = (body: Record<string, unknown>) =>
    typeof (body.detail as { memory?: unknown } | undefined)?.memory === 'object'

  it(
    'without ADMIN_PASSWORD: for the server machine itself, never for a ' + 'request passed on or naming another host',
    async () => {
      expect(isDetailed(await (await fetch(`${t.url}/healthz?detail=1`)).json())).toBe(true)
      for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<
        string,
        string
      >[]) {
        const res = await fetch(`${t.url}/healthz?detail=1`, { headers })
        expect(res.status).toBe(200)
        expect(await res.json(), JSON.stringify(headers)).toEqual({ status: 'ok' })
      }
    },
  )

  it(
    'with ADMIN_PASSWORD: for the owner signed in; others (and wrong ' +
      'passwords, which count towards the lock-out) get the status alone',
    async () => {
      const password = 'correct horse battery'
      const owned = await createTestApp({ env: { ADMIN_PASSWORD: password } })
      try {
        expect((await request(owned.app).get('/healthz?detail=1').expect(200)).body).toEqual({ status: 'ok' })
        expect(
          isDetailed(
            (await request(owned.app).get('/healthz?detail=1').set('authorization', basicAuth(password))).body,
          ),
        ).toBe(true)
        for (let i = 0; i < 5; i++)
          expect(
            (await request(owned.app).get('/healthz?detail=1').set('authorization', basicAuth('wrong guess'))).body,
          ).toEqual({ status: 'ok' })
        // Locked out now, as on /admin: even the right password shows nothing more.
        expect(
          (await request(owned.app).get('/healthz?detail=1').set('authorization', basicAuth(password))).body,
        ).toEqual({ status: 'ok' })
        expect((await request(owned.app).get('/admin').set('authorization', basicAuth(password))).status).toBe(429)
      } finally {
        await owned.close()
      }
    },
  )
})
