/**
 * The owner edits the data file while the store has it open: a real file in a temp folder, saved
 * the ways editors save (a new file renamed over it, or rewritten in place), from a fresh copy or
 * from one opened before new enquiries arrived, and half-typed.
 */
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { openStore, StoreWriteError, type Data, type Store, type StoreLogger } from '../../data/store.server.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

let dir: string
let file: string
const opened: Store[] = []
type Logged = { level: 'info' | 'warn' | 'error'; obj: object; msg: string }
let logged: Logged[]
const logger: StoreLogger = {
  info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
}
const open = async () => {
  const s = await openStore(file, { logger })
  opened.push(s)
  return s
}
const onDisk = async (): Promise<Data> => dataOnDisk(file)
const pretty = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`
/** An editor's usual save: a new file beside the old one, renamed over it. */
const saveByRename = async (data: unknown) => {
  const tmp = path.join(dir, '.db.json.swp')
  await writeFile(tmp, typeof data === 'string' ? data : pretty(data))
  await rename(tmp, file)
}
/** The other kind of editor: the file itself truncated and rewritten. */
const saveInPlace = (data: unknown) => writeFile(file, typeof data === 'string' ? data : pretty(data))
const withPrice = (data: Data, id: string, price: string): Data => ({
  ...data,
  products: data.products.map((p) => (p.id === id ? { ...p, price } : p)),
})
const priceOf = (s: Store, id: string) => s.products.find((p) => p.id === id)?.price
const ids = (enquiries: readonly { id: string }[]) => enquiries.map((m) => m.id)
/** Enquiries waiting for their e-mail, as the site saves them. */
const pendingEnquiry = (n: number) =>
  newEnquiry(n, { status: 'pending', attempts: [], nextAttemptAt: null, sentAt: null })
/** Edits are promised within a second; polled, never slept. */
const within1s = (assertion: () => void | Promise<void>) => vi.waitFor(assertion, { timeout: 1000, interval: 20 })

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'owner-edits-'))
  file = path.join(dir, 'db.json')
  logged = []
})
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close().catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('a valid edit while the store runs', () => {
  for (const [how, save] of [
    ['by renaming a new file over it', saveByRename],
    ['in place', saveInPlace],
  ] as const) {
    it(`is served within a second when saved ${how}, and the products version moves on`, async () => {
      const store = await open()
      const v0 = store.productsVersion
      await save(withPrice(await onDisk(), 'oxford-brogue', '£199.00'))
      await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£199.00'))
      expect(store.productsVersion).toBeGreaterThan(v0)
      expect(store.problem).toBeNull()
    })
  }

  it('is read before our next write, even before the folder watch reports it, and never overwritten', async () => {
    const store = await open()
    await saveInPlace(withPrice(await onDisk(), 'oxford-brogue', '£201.00'))
    const saved = await store.addEnquiry(pendingEnquiry(1)) // straight away: no time for the watch
    const data = await onDisk()
    expect(data.products.find((p) => p.id === 'oxford-brogue')?.price).toBe('£201.00')
    expect(ids(data.messages)).toEqual([saved.id])
    expect(priceOf(store, 'oxford-brogue')).toBe('£201.00')
  })

  it('keeps top-level fields the site does not know, and the order and text of the owner’s fields', async () => {
    const store = await open()
    const mine = {
      notes: 'Re-order belts in May',
      messages: [],
      products: [{ sku: 'X-1', ...seedProducts[0], colourway: 'oxblood' }],
    }
    await saveByRename(mine)
    await within1s(() => expect(store.products).toHaveLength(1))
    await store.addEnquiry(pendingEnquiry(1))
    const data = (await onDisk()) as Data & { notes: string }
    expect(Object.keys(data)).toEqual(['notes', 'messages', 'products'])
    expect(data.notes).toBe('Re-order belts in May')
    expect(Object.keys(data.products[0]!)).toEqual(Object.keys(mine.products[0]!))
    expect(data.products[0]).toMatchObject({ colourway: 'oxblood' })
  })

  it('adds and removes products as the owner does', async () => {
    const store = await open()
    const data = await onDisk()
    const hat = { ...seedProducts[0]!, id: 'flat-cap', name: 'Flat Cap', sku: 'AC-CAP-001' }
    await saveByRename({ ...data, products: [...data.products.filter((p) => p.id !== 'chelsea-boot'), hat] })
    await within1s(() => expect(store.products.map((p) => p.id)).toContain('flat-cap'))
    expect(store.products.map((p) => p.id)).not.toContain('chelsea-boot')
  })
})

describe('one product’s wrong value in an edit', () => {
  it(
    'serves the rest of the save, keeps the file as saved, and logs an ' + 'error naming the product and the field',
    async () => {
      for (const link of BAD_PAYMENT_LINKS) {
        const store = await open()
        logged = []
        const data = withPrice(await onDisk(), 'oxford-brogue', '£199.00')
        const text = pretty({
          ...data,
          products: data.products.map((p) => (p.id === 'bridle-belt' ? { ...p, paymentLink: link } : p)),
        })
        await saveByRename(text)
        await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£199.00'))
        expect(store.problem).toBeNull()
        expect(store.products.find((p) => p.id === 'bridle-belt')?.paymentLink).toBe(link)
        const errors = logged.filter((l) => l.level === 'error')
        expect(errors, link).toHaveLength(1)
        expect(errors[0]!.obj).toMatchObject({ dataFile: file, product: 'bridle-belt', field: 'paymentLink' })
        expect(errors[0]!.msg).toContain(
          `(id "bridle-belt"), field "paymentLink" must be a card payment page starting with https://`,
        )
        await store.addEnquiry(pendingEnquiry(1))
        expect((await onDisk()).products.find((p) => p.id === 'bridle-belt')?.paymentLink).toBe(link)
        await store.close()
        await writeFile(file, pretty({ products: seedProducts, messages: [] }))
      }
    },
  )
})

describe('one product’s wrong value at start', () => {
  it('opens the file as it is and logs an error naming the product and the field', async () => {
    const products = seedProducts.map((p) => (p.id === 'bridle-belt' ? { ...p, paymentLink: BAD_PAYMENT_LINKS[0] } : p))
    const text = pretty({ products, messages: [] })
    await writeFile(file, text)
    const store = await open()
    expect(store.products.map((p) => p.id)).toEqual(seedProducts.map((p) => p.id))
    expect(await readFile(file, 'utf8')).toBe(text)
    const errors = logged.filter((l) => l.level === 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]!.obj).toMatchObject({ dataFile: file, product: 'bridle-belt', field: 'paymentLink' })
    expect(errors[0]!.msg).toContain(
      'The rest of the file is served; this product takes no order until the value is fixed.',
    )
  })
})

/** A product the workspace adds while the owner's editor holds an older copy. */
const ASH_BELT = {
  ...seedProducts[0]!,
  id: 'ash-belt',
  name: 'Ash Belt',
  sku: 'BL-ASH-001',
  category: 'belts' as const,
}

describe('a product the owner deletes in an editor', () => {
  it('stays deleted when the rest of their copy is current, even one the workspace added or changed', async () => {
    const store = await open()
    await store.update((d) => ({ ...d, products: [...d.products, ASH_BELT] }))
    await store.updateProduct('ash-belt', (p) => ({ ...p, paymentLink: 'https://buy.stripe.com/ash_belt_2' }))
    const current = await onDisk()
    await saveByRename({
      ...current,
      products: current.products.filter((p) => p.id !== 'ash-belt' && p.id !== 'tote-bag'),
    })
    await within1s(() => expect(store.products.map((p) => p.id)).not.toContain('ash-belt'))
    expect(store.products.map((p) => p.id)).not.toContain('tote-bag')
    await store.addEnquiry(pendingEnquiry(1))
    const after = await onDisk()
    expect(after.products.map((p) => p.id)).not.toContain('ash-belt')
    expect(after.messages).toHaveLength(1)
  })

  it('is still kept when it was added after an older copy, which lacks the enquiries saved since', async () => {
    const store = await open()
    const old = await onDisk()
    await store.addEnquiry(pendingEnquiry(1))
    await store.update((d) => ({ ...d, products: [...d.products, ASH_BELT] }))
    await saveByRename(withPrice(old, 'oxford-brogue', '£199.00'))
    await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£199.00'))
    expect(store.products.map((p) => p.id)).toContain('ash-belt')
    expect(store.enquiries).toHaveLength(1)
  })
})

describe('an edit saved from a copy opened before new enquiries arrived', () => {
  it(
    'loses none of the enquiries acknowledged meanwhile, nor those that ' + 'follow, and keeps the owner’s change',
    async () => {
      const store = await open()
      const before = await store.addEnquiry(pendingEnquiry(0))
      const stale = await onDisk() // the owner opens the file...
      // ...visitors write...
      const meanwhile = await Promise.all([1, 2, 3].map((n) => store.addEnquiry(pendingEnquiry(n))))
      await saveByRename(withPrice(stale, 'oxford-brogue', '£175.00')) // ...the owner saves their old copy
      await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£175.00'))
      const after = await Promise.all([4, 5].map((n) => store.addEnquiry(pendingEnquiry(n))))
      const data = await onDisk()
      expect(ids(data.messages)).toEqual([before, ...meanwhile, ...after].map((m) => m.id))
      expect(data.products.find((p) => p.id === 'oxford-brogue')?.price).toBe('£175.00')
      expect(logged.some((l) => l.level === 'warn' && /3 enquiries .* put back/.test(l.msg))).toBe(true)
    },
  )

  it('writes the missing enquiries back at once, without waiting for the next enquiry', async () => {
    const store = await open()
    const stale = await onDisk()
    const saved = await store.addEnquiry(pendingEnquiry(1))
    await saveByRename(withPrice(stale, 'oxford-brogue', '£176.00'))
    await within1s(async () => {
      const data = await onDisk()
      expect(data.products.find((p) => p.id === 'oxford-brogue')?.price).toBe('£176.00')
      expect(ids(data.messages)).toEqual([saved.id])
    })
  })

  it('keeps the e-mail notifications recorded since, so nobody is e-mailed twice', async () => {
    const store = await open()
    const m = await store.addEnquiry(pendingEnquiry(1))
    const stale = await onDisk()
    const sentAt = new Date().toISOString()
    await store.updateEnquiry(m.id, (x) => ({
      ...x,
      notification: { status: 'sent', attempts: [{ at: sentAt, ok: true }], nextAttemptAt: null, sentAt },
    }))
    await saveInPlace(withPrice(stale, 'oxford-brogue', '£177.00'))
    await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£177.00'))
    expect(store.enquiries[0]?.notification.status).toBe('sent')
    await store.drain()
    expect((await onDisk()).messages[0]?.notification).toMatchObject({ status: 'sent', sentAt })
  })

  it('keeps generated photographs saved since on a product, with the owner’s new price on it', async () => {
    const store = await open()
    const stale = await onDisk()
    const images = [{ angle: 'front', src: '/media/oxford-front.webp' }]
    await store.updateProduct('oxford-brogue', (p) => ({ ...p, mainImage: '/media/oxford-front.webp', images }))
    await saveByRename(withPrice(stale, 'oxford-brogue', '£178.00'))
    await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£178.00'))
    await store.drain()
    const product = (await onDisk()).products.find((p) => p.id === 'oxford-brogue') as Record<string, unknown>
    expect(product).toMatchObject({ price: '£178.00', mainImage: '/media/oxford-front.webp', images })
  })

  it('lets the owner’s own change to a field the site also wrote win, when saved from a current copy', async () => {
    const store = await open()
    const images = [{ angle: 'front', src: '/media/oxford-front.webp' }]
    await store.updateProduct('oxford-brogue', (p) => ({ ...p, mainImage: '/media/oxford-front.webp', images }))
    const current = await onDisk()
    // Back to the photograph the site replaced (the generated set stays listed in the file).
    await saveByRename({
      ...current,
      products: current.products.map((p) =>
        p.id === 'oxford-brogue' ? { ...p, mainImage: '/images/seed/oxford-brogue.svg' } : p,
      ),
    })
    await within1s(() =>
      expect(store.products.find((p) => p.id === 'oxford-brogue')?.mainImage).toBe('/images/seed/oxford-brogue.svg'),
    )
    await store.drain()
    expect((await onDisk()).products.find((p) => p.id === 'oxford-brogue')?.mainImage).toBe(
      '/images/seed/oxford-brogue.svg',
    )
  })

  it('keeps a top-level field the site wrote since (a log of its own), and the owner’s own ones', async () => {
    const store = await open()
    const stale = { ...(await onDisk()), notes: 'mine' }
    await saveByRename(stale)
    await within1s(() => expect((store.data as Record<string, unknown>).notes).toBe('mine'))
    await store.update((d) => ({ ...d, spendLog: [{ at: '2025-01-01T00:00:00.000Z', images: 4 }] }))
    await saveByRename({ ...withPrice(stale, 'oxford-brogue', '£179.00'), notes: 'mine, edited' })
    await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£179.00'))
    await store.drain()
    expect(await onDisk()).toMatchObject({ notes: 'mine, edited', spendLog: [{ images: 4 }] })
  })
})

describe('archiving and removing an enquiry on purpose', () => {
  it('puts back an enquiry deleted from the file in an editor, and says how to archive or remove one', async () => {
    const store = await open()
    const m = await store.addEnquiry(pendingEnquiry(1))
    const data = await onDisk()
    await saveByRename({ ...data, messages: [] })
    await within1s(async () => expect(ids((await onDisk()).messages)).toEqual([m.id]))
    expect(logged.find((l) => l.level === 'warn')?.msg).toMatch(/"archived": true .* npm run messages -- delete ID/)
  })

  it('keeps "archived": true set by the owner, and by the shell, through later writes and older copies', async () => {
    const store = await open()
    const [a, b] = [await store.addEnquiry(pendingEnquiry(1)), await store.addEnquiry(pendingEnquiry(2))]
    const data = await onDisk()
    await saveByRename({ ...data, messages: data.messages.map((m) => (m.id === a.id ? { ...m, archived: true } : m)) })
    await within1s(() => expect(store.enquiries.find((m) => m.id === a.id)?.archived).toBe(true))
    const older = await onDisk()
    await store.setArchived(b.id, true)
    await saveByRename(withPrice(older, 'oxford-brogue', '£181.00')) // a copy from before b was archived
    await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£181.00'))
    await store.drain()
    expect((await onDisk()).messages.map((m) => m.archived)).toEqual([true, true])
  })

  it(
    'removes an enquiry deleted through the server for good: from the file, ' +
      'the journal, and from older copies saved later',
    async () => {
      const store = await open()
      const [a, b] = [await store.addEnquiry(pendingEnquiry(1)), await store.addEnquiry(pendingEnquiry(2))]
      const older = await onDisk()
      await store.deleteEnquiry(a.id)
      expect(ids((await onDisk()).messages)).toEqual([b.id])
      await saveByRename(withPrice(older, 'oxford-brogue', '£182.00')) // still holds a
      await within1s(() => expect(priceOf(store, 'oxford-brogue')).toBe('£182.00'))
      expect(ids(store.enquiries)).toEqual([b.id])
      await store.close()
      await saveByRename(older) // and once more while the server is down
      const again = await open()
      expect(ids(again.enquiries)).toEqual([b.id])
      expect(await readFile(journalFileFor(file), 'utf8')).not.toContain(`"id":"${a.id}"`)
    },
  )
})

describe('a broken edit', () => {
  const breakIt = (text: string) => text.replace('"price": "£185.00",', '"price": "£185.00"') // a comma gone

  it(
    'is left exactly as saved, the last good data stays in service, and ' +
      'enquiries are still saved (in the journal)',
    async () => {
      const store = await open()
      const good = await readFile(file, 'utf8')
      const broken = breakIt(withPriceText(good, '£185.00', '£185.00'))
      await saveByRename(broken)
      await within1s(() => expect(store.problem).not.toBeNull())
      // the next line, where the comma was expected
      const line = broken.split('\n').findIndex((l) => l.includes('"price": "£185.00"')) + 2
      expect(store.problem?.message).toContain(file)
      expect(store.problem).toMatchObject({ line })
      expect(store.problem?.message).toMatch(new RegExp(`line ${line}, column \\d+: a comma is missing`))
      expect(store.products.length).toBe(seedProducts.length)

      const m = await store.addEnquiry(pendingEnquiry(1))
      expect(await readFile(file, 'utf8')).toBe(broken)
      expect(await readFile(journalFileFor(file), 'utf8')).toContain(m.id)
      // Only enquiries can be kept meanwhile: a product change waits for the fix.
      await expect(store.updateProduct('oxford-brogue', (p) => ({ ...p, name: 'X' }))).rejects.toBeInstanceOf(
        StoreWriteError,
      )
      expect(store.products.find((p) => p.id === 'oxford-brogue')?.name).toBe('Oxford Brogue')

      const errors = logged.filter((l) => l.level === 'error')
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatchObject({ obj: { dataFile: file, line } })

      // Fixed (with a change of its own): served, and the enquiry received meanwhile is merged in.
      await saveByRename(
        withPriceText(broken.replace('"price": "£185.00"\n', '"price": "£185.00",\n'), '£185.00', '£189.00'),
      )
      await within1s(() => expect(store.problem).toBeNull())
      expect(priceOf(store, 'oxford-brogue')).toBe('£189.00')
      await within1s(async () => expect(ids((await onDisk()).messages)).toEqual([m.id]))
      expect(logged.filter((l) => l.level === 'error')).toHaveLength(1)
    },
  )

  it('names the product and the field when a product fails the rules, with its line', async () => {
    const store = await open()
    const data = await onDisk()
    const text = pretty(withPrice(data, 'chelsea-boot', '210'))
    await saveInPlace(text)
    await within1s(() => expect(store.problem).not.toBeNull())
    const line = text.split('\n').findIndex((l) => l.includes('"price": "210"')) + 1
    expect(store.problem?.message).toBe(
      `${file}: product 2 (id "chelsea-boot"), field "price", line ${line}, ` +
        `column 16 must be "£210.00", as the shop shows prices (it is "210").`,
    )
    expect(priceOf(store, 'chelsea-boot')).toBe('£210.00')
  })

  it('is put right at the next start: enquiries from the journal the file lacks are written into it', async () => {
    let store = await open()
    const stale = await onDisk()
    const m = await store.addEnquiry(pendingEnquiry(1))
    await store.close()
    // The owner's old copy lands while the server is down (or just before it died).
    await saveByRename(stale)
    store = await open()
    expect(ids(store.enquiries)).toEqual([m.id])
    expect(ids((await onDisk()).messages)).toEqual([m.id])
  })
})

function withPriceText(text: string, from: string, to: string): string {
  return text.replace(`"price": "${from}"`, `"price": "${to}"`)
}
