/**
 * The owner's workspace while the owner's own edit of the data file has a mistake: a change cannot
 * be saved, and says so with the reason (503), never a bare 500; the file stays as they saved it.
 */
import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { ownerSavesBroken } from '../helpers/owner-save.ts'
import { openProductForm, saveProductForm } from '../helpers/product-form.ts'
import { testAppForEachTest } from '../helpers/server.ts'

const t = testAppForEachTest()

describe('a change in the workspace while the data file has a mistake', () => {
  it('is refused with the reason and what to do, by a form and by the API, and the file is left as saved', async () => {
    const form = await openProductForm(t, 'braided-belt')
    const good = await readFile(t.dataFile, 'utf8')
    const broken = good.replace('"products": [', '"products": [,')
    await ownerSavesBroken(t.store, broken)

    const saved = await saveProductForm(t, 'braided-belt', { ...form, name: 'Braided Belt II' })
    expect(saved.status).toBe(503)
    expect(saved.headers['content-type']).toMatch(/^text\/plain/)
    expect(saved.headers['cache-control']).toBe('private, no-store')
    expect(saved.text).toMatch(
      /^Not saved: \S*db\.json is not valid JSON at line \d+, column \d+: .*once the file is fixed\./,
    )
    expect(saved.text).toContain('Go back to keep what you typed')

    const moved = await request(t.app).post('/api/admin/products/order').send({ id: 'braided-belt', to: 'top' })
    expect(moved.status).toBe(503)
    expect(moved.body.error).toMatch(/^Not saved: \S*db\.json is not valid JSON/)
    expect(await readFile(t.dataFile, 'utf8')).toBe(broken)
  })
})
