import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/server.ts'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.close())

describe('GET /healthz', () => {
  it('answers 200 to 200 overlapping checks of a healthy server, and leaves no probe file behind', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => fetch(`${t.url}/healthz`).then(async (r) => ({ status: r.status, body: await r.json() }))))
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
    expect(answers.every((a) => a.body.status === 'ok')).toBe(true)
    expect((await readdir(t.dir)).filter((n) => n.includes('probe'))).toEqual([])
  })

  it('still answers 200 while the owner’s edit of the data file has an error, and says what and where without the folder', async () => {
    const good = await readFile(t.dataFile, 'utf8')
    await writeFile(t.dataFile, good.replace('"products": [', '"products": [,'))
    await t.store.checkNow()
    const res = await fetch(`${t.url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'attention',
      dataFile: expect.stringMatching(/^db\.json is not valid JSON at line 2, column 16: a value is missing here\.$/),
    })
    await writeFile(t.dataFile, good)
    await t.store.checkNow()
    expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: 'ok' })
    expect(path.basename(t.dataFile)).toBe('db.json')
  })
})
