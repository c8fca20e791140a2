/**
 * The history of changes as the owner reads it: photographs as pictures, each change labelled by who
 * made it, and every time in UK time, summer and winter.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { testAppForEachTest } from '../helpers/server.ts'
import { pageText } from '../helpers/page-text.ts'

const t = testAppForEachTest()

const historyPage = async () => (await request(t.app).get('/admin/history').expect(200)).text
/** The entries, newest first, as text. */
const entries = (html: string) =>
  [...html.matchAll(/<li class="history__entry">([\s\S]*?)<\/li>\s*(?=<li class="history__entry">|<\/ol>)/g)].map((m) =>
    pageText(m[1]!),
  )

describe('photographs in the history', () => {
  it('are small pictures of the old and new photograph, with alt text, never their addresses', async () => {
    const catalogue = t.services.catalogue
    const newMain = '/media/products/oxford-brogue/new-photo-800.webp'
    const oldMain = t.store.products.find((p) => p.id === 'oxford-brogue')!.mainImage
    await catalogue.setPhotos('oxford-brogue', (list) => [newMain, ...list])
    const html = await historyPage()
    expect(html).toMatch(
      new RegExp(
        `<img src="${oldMain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*alt="The main photograph before this change"`,
      ),
    )
    expect(html).toMatch(
      /<img src="\/media\/products\/oxford-brogue\/new-photo-400\.webp"[^>]*alt="The main photograph after this change"/,
    )
    const [entry] = entries(html)
    expect(entry).toContain('Oxford Brogue: new photographs chosen')
    expect(entry, 'no file paths as text').not.toContain('/media/')
    expect(entry).not.toContain(oldMain)
  })
})

describe('who made each change', () => {
  it(
    'names a command and a restore in the workspace, and says a restore ' + 'removed a product rather than restored it',
    async () => {
      const catalogue = t.services.catalogue
      const snapshot = await catalogue.snapshots.take(t.store.data, 'daily')
      const copy = await catalogue.duplicate('oxford-brogue')
      // From the shell: `npm run snapshots -- restore NAME` asks the server through the lock's socket.
      expect(await t.store.handleRequest({ op: 'restore-snapshot', name: snapshot })).toMatchObject({ ok: true })
      let [removed] = entries(await historyPage())
      expect(removed).toContain('Oxford Brogue (copy): removed by restoring a snapshot (it was not in it)')
      expect(removed).toContain('A command in the shell (npm run snapshots)')
      expect(removed).not.toContain('You, in the workspace')
      expect(t.store.products.some((p) => p.id === copy)).toBe(false)

      await catalogue.duplicate('oxford-brogue')
      await request(t.app).post(`/admin/snapshots/${snapshot}/restore`).expect(303)
      ;[removed] = entries(await historyPage())
      expect(removed).toContain('A snapshot restored in the workspace')
    },
  )
})

describe('times', () => {
  it('are UK time: BST in July, GMT in January', async () => {
    const before = t.store.products[0]!
    const after = { ...before, price: '£1.00' }
    await t.services.catalogue.history.record(
      [{ who: 'owner', action: 'edit', productId: before.id, before, after }],
      new Date('2026-07-14T09:30:00Z'),
    )
    await t.services.catalogue.history.record(
      [{ who: 'owner', action: 'edit', productId: before.id, before: after, after: before }],
      new Date('2026-01-14T09:30:00Z'),
    )
    const [winter, summer] = entries(await historyPage())
    expect(summer).toContain('14 Jul 2026, 10:30')
    expect(winter).toContain('14 Jan 2026, 09:30')
  })
})
