import { describe, expect, it } from 'vitest'
import { ResponseCache } from '../../server/cache/response-cache.server.ts'

describe('ResponseCache: waiting for a page being made', () => {
  const cache = () =>
    new ResponseCache({
      version: () => 1,
      siteUrl: 'https://www.example.co.uk',
      trustProxy: () => false,
      fillWaitMs: 100,
    })

  it(
    'lets a request wait for another render of its page, and no longer than ' +
      'the deadline when that render never ends',
    async () => {
      const c = cache()
      c.startFilling('stuck') // never finished: its client never reads, its render hangs...
      const started = Date.now()
      await c.whenFilled('stuck')
      const waited = Date.now() - started
      expect(waited).toBeGreaterThanOrEqual(90)
      expect(waited).toBeLessThan(1000)
    },
  )

  it('lets waiters go as soon as the render is kept', async () => {
    const c = cache()
    const done = c.startFilling('page')
    const waiting = c.whenFilled('page')
    done()
    await waiting
    expect(c.whenFilled('page')).toBeUndefined()
  })
})
