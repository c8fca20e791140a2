import { describe, expect, it } from 'vitest'
import { SegmentedCache } from '../../server/cache/segmented-cache.server.ts'

const page = (bytes: number) => ({ bytes })
const cache = () => new SegmentedCache<{ bytes: number }>({ maxBytes: 100_000, sizeOf: (v) => v.bytes })

describe('SegmentedCache', () => {
  it('holds at most its bytes, however many keys come', () => {
    const c = cache()
    for (let i = 0; i < 1000; i++) c.add(`/one-off-${i}`, page(3000))
    expect(c.bytes).toBeLessThanOrEqual(100_000)
    expect(c.has('/one-off-999')).toBe(true)
    expect(c.has('/one-off-0')).toBe(false)
  })

  it('keeps pages asked for again through a flood of keys asked for once', () => {
    const c = cache()
    for (const key of ['/', '/products']) {
      c.add(key, page(20_000))
      c.get(key) // asked for again: protected
    }
    for (let i = 0; i < 10_000; i++) c.add(`/flood-${i}`, page(1000 + (i % 7) * 1000))
    expect(c.get('/')).toEqual(page(20_000))
    expect(c.get('/products')).toEqual(page(20_000))
    expect(c.bytes).toBeLessThanOrEqual(100_000)
  })

  it('gives a page pushed out of the protected segment a second chance on probation', () => {
    const c = cache()
    for (let i = 0; i < 5; i++) {
      c.add(`/p${i}`, page(19_000))
      c.get(`/p${i}`)
    }
    // /p0, the least recently used protected page, moves back to probation rather than out.
    expect(c.has('/p0')).toBe(true)
    expect(c.bytes).toBeLessThanOrEqual(100_000)
  })

  it('counts an entry again when it grows, where it is', () => {
    const c = cache()
    const value = page(1000)
    c.add('/', value)
    value.bytes = 5000
    c.resize('/', value)
    expect(c.bytes).toBe(5000)
    c.resize('/', page(9)) // not the entry kept: ignored
    expect(c.bytes).toBe(5000)
  })
})
