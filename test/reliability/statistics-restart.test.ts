/** What was counted survives a restart whole, and a crash (SIGKILL) loses at most the last minute. */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/config.server.ts'
import { ukDay } from '../../server/services/statistics/statistics.server.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { statisticsOnDisk, todayOnDisk } from '../helpers/statistics.ts'

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('counts after a restart', () => {
  it('are all there, and go on adding up', async () => {
    const first: TestServer = await createTestApp({ keepDir: true })
    cleanups.push(() => rm(first.dir, { recursive: true, force: true }))
    for (let n = 0; n < 3; n++)
      await request(first.handler).get('/products/tote-bag').set('User-Agent', BROWSER).expect(200)
    await request(first.app)
      .get('/api/handoff/tote-bag')
      .set({ 'User-Agent': BROWSER, 'Sec-Fetch-Site': 'same-origin' }) // as the order dialog's fetch marks it
      .expect(204)
    await first.close() // a clean stop writes what was counted since the last write

    const again = await createTestApp({ dir: first.dir, keepDir: true })
    cleanups.push(() => again.close())
    await request(again.handler).get('/products/tote-bag').set('User-Agent', BROWSER).expect(200)
    const day = await todayOnDisk(again)
    expect(day?.pages['/products/tote-bag']?.views).toBe(4)
    expect(day?.handoffs).toEqual({ 'tote-bag': 1 })
  })
})

describe('counts after a crash', () => {
  it('are written at least once a minute by default', () => {
    expect(loadConfig({}).statisticsWriteMs).toBeLessThanOrEqual(60_000)
    expect(() => loadConfig({ STATISTICS_WRITE_SECONDS: '61' })).toThrow(
      /STATISTICS_WRITE_SECONDS must be between 1 and 60/,
    )
  })

  it('lose no more than the time between two writes when the server is killed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'statistics-kill-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const dataFile = path.join(dir, 'db.json')
    // One second between writes stands for the minute, so the test need not wait a minute.
    const server: ChildServer = await spawnServer({
      DATA_FILE: dataFile,
      LOG_LEVEL: 'warn',
      STATISTICS_WRITE_SECONDS: '1',
    })
    cleanups.push(async () => {
      server.child.kill('SIGKILL')
      await server.exited
    })
    for (let n = 0; n < 5; n++)
      expect((await fetch(`${server.url}/products/oxford-brogue`, { headers: { 'User-Agent': BROWSER } })).status).toBe(
        200,
      )
    const views = async () =>
      (await statisticsOnDisk(dataFile))?.days[ukDay(Date.now())]?.pages['/products/oxford-brogue']?.views
    await expect.poll(views, { timeout: 15_000, interval: 200 }).toBe(5)
    server.child.kill('SIGKILL')
    await server.exited

    const again = await spawnServer({ DATA_FILE: dataFile, LOG_LEVEL: 'warn', STATISTICS_WRITE_SECONDS: '1' })
    cleanups.push(async () => {
      again.child.kill('SIGKILL')
      await again.exited
    })
    expect((await fetch(`${again.url}/products/oxford-brogue`, { headers: { 'User-Agent': BROWSER } })).status).toBe(
      200,
    )
    await expect.poll(views, { timeout: 15_000, interval: 200 }).toBe(6)
  })
})
