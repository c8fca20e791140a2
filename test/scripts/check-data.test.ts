import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { CATEGORIES } from '../../domain/business.ts'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { main } from '../../scripts/check-data.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'check-data-'))
  file = path.join(dir, 'db.json')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const enquiry = (
  id: string,
  status: 'pending' | 'sent' | 'disabled',
  extra: Partial<StoredEnquiry> = {},
): StoredEnquiry => ({
  id,
  createdAt: '2025-01-10T09:05:00.000Z',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  subject: 'general',
  message: 'A question about resoling.',
  notification: { status, attempts: [] },
  ...extra,
})
const check = async (...argv: string[]) => {
  const out: string[] = []
  const err: string[] = []
  const code = await main(
    argv,
    (s) => out.push(s),
    (s) => err.push(s),
    { DATA_FILE: file },
  )
  return { code, out: out.join(''), err: err.join('') }
}

describe('npm run check-data', () => {
  it(
    'sums up a valid file: products per category, enquiries, e-mails not ' + 'sent (the real command, DATA_FILE)',
    async () => {
      const enquiries = [
        enquiry('a', 'sent'),
        enquiry('b', 'pending'),
        enquiry('c', 'disabled'),
        enquiry('d', 'pending', { archived: true }),
      ]
      await writeFile(file, JSON.stringify({ products: seedProducts, messages: enquiries }, null, 2))
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'check-data'], {
        cwd: ROOT,
        env: { ...process.env, DATA_FILE: file },
      })
      const perCategory = CATEGORIES.map((c) => `${c} ${seedProducts.filter((p) => p.category === c).length}`).join(
        ', ',
      )
      expect(perCategory).toMatch(/^\w+ \d+, \w+ \d+, \w+ \d+$/)
      expect(stdout).toBe(
        [
          `${file} is valid.`,
          `  Products: ${seedProducts.length} (${perCategory})`,
          '  Enquiries: 4 (1 archived)',
          '  E-mails not sent: 2 (1 waiting to be retried, 1 saved while e-mail was not set up)',
          '',
        ].join('\n'),
      )
    },
    60_000,
  )

  it('says where the JSON is broken, in plain words, exits 1 and leaves the file as it was', async () => {
    const text = JSON.stringify({ products: seedProducts, messages: [] }, null, 2).replace(
      '"price": "£185.00"',
      '"price": £185.00',
    )
    await writeFile(file, text)
    const line = text.split('\n').findIndex((l) => l.includes('£185.00')) + 1
    const { code, err } = await check(file)
    expect(code).toBe(1)
    expect(err).toContain(
      `${file} is not valid JSON at line ${line}, column 16: this is not ` +
        `valid JSON here (text, such as a price, must be inside double quotes: ` +
        `"£185.00").`,
    )
    expect(await readFile(file, 'utf8')).toBe(text)
  })

  it('names the product and the field that break the rules', async () => {
    const products = seedProducts.map((p, i) => (i === 2 ? { ...p, category: 'hats' } : p))
    await writeFile(file, JSON.stringify({ products, messages: [] }, null, 2))
    const { code, err } = await check(file)
    expect(code).toBe(1)
    expect(err).toMatch(
      new RegExp(
        `product 3 \\(id "${seedProducts[2]!.id}"\\), field "category", line ` +
          `\\d+, column \\d+ must be one of ` +
          `${CATEGORIES.map((c) => `"${c}"`).join(', ')} \\(it is "hats"\\)`,
      ),
    )
  })

  it('checks a counted stock: a whole number of pieces, 0 or more, and says how many products count theirs', async () => {
    const withStock = (stock: unknown) =>
      seedProducts.map((p, i) => (i === 1 ? { ...p, stock } : i === 3 ? { ...p, stock: 0 } : p))
    for (const stock of ['3', 1.5, -1, null]) {
      await writeFile(file, JSON.stringify({ products: withStock(stock), messages: [] }, null, 2))
      const { code, err } = await check(file)
      expect(code).toBe(1)
      expect(err).toContain(
        `product 2 (id "${seedProducts[1]!.id}"), field "stock", line 22, column 16 must be a whole number, ` +
          `0 or more, without quotes (such as 3) (it is ${JSON.stringify(stock)}).`,
      )
    }
    await writeFile(file, JSON.stringify({ products: withStock(2), messages: [] }, null, 2))
    const { code, out } = await check(file)
    expect(code).toBe(0)
    expect(out).toContain('  Stock counted: 2 products (1 sold out)\n')
  })

  it(
    'lets a draft wait for its photograph, but not a product on the shop, ' + 'and knows only draft and published',
    async () => {
      const draft = { ...seedProducts[0]!, id: 'new-belt', mainImage: '', status: 'draft' }
      await writeFile(file, JSON.stringify({ products: [...seedProducts, draft], messages: [] }, null, 2))
      expect((await check(file)).code).toBe(0)
      await writeFile(
        file,
        JSON.stringify({ products: [...seedProducts, { ...draft, status: 'published' }], messages: [] }, null, 2),
      )
      const published = await check(file)
      expect(published.code).toBe(1)
      expect(published.err).toMatch(
        /id "new-belt"\), field "mainImage", .* must name the main photograph \(only a draft may be without one\)/,
      )
      await writeFile(
        file,
        JSON.stringify({ products: [...seedProducts, { ...draft, status: 'hidden' }], messages: [] }, null, 2),
      )
      expect((await check(file)).err).toMatch(
        /id "new-belt"\), field "status", .*must be one of "published", "draft" \(it is "hidden"\)/,
      )
    },
  )

  it(
    'refuses each payment link that is not https:// with a valid host name, ' +
      'naming the product, the field and where, and exits 1',
    async () => {
      for (const link of BAD_PAYMENT_LINKS) {
        const products = seedProducts.map((p) => (p.id === 'bridle-belt' ? { ...p, paymentLink: link } : p))
        const text = JSON.stringify({ products, messages: [] }, null, 2)
        await writeFile(file, text)
        const at = seedProducts.findIndex((p) => p.id === 'bridle-belt')
        const line = text.split('\n').findIndex((l) => l.includes(`"paymentLink": ${JSON.stringify(link)}`)) + 1
        const { code, out, err } = await check(file)
        expect(code, link).toBe(1)
        expect(out).toBe('')
        expect(err).toContain(
          `${file}: product ${at + 1} (id "bridle-belt"), field "paymentLink", ` +
            `line ${line}, column 22 must be a card payment page starting with ` +
            `https://`,
        )
        expect(err).toContain(`(it is ${JSON.stringify(link)})`)
        expect(err).toContain('takes no order for such a product until its value is fixed')
      }
    },
  )

  it('keeps the shop’s own format for a price and a payment link, and says what each should be', async () => {
    for (const [field, value, should] of [
      ['price', '375', 'must be "£375.00", as the shop shows prices (it is "375")'],
      ['price', '£1250.5', 'must be "£1,250.50", as the shop shows prices (it is "£1250.5")'],
      ['price', 'lots', 'must be a display string such as £185.00 (it is "lots")'],
      [
        'paymentLink',
        'buy.stripe.com/ash_belt',
        'must be a card payment page starting with https:// and a host name ' +
          'such as buy.stripe.com, without spaces or commas, here ' +
          '"https://buy.stripe.com/ash_belt" (it is "buy.stripe.com/ash_belt")',
      ],
    ] as const) {
      const products = seedProducts.map((p) => (p.id === 'bridle-belt' ? { ...p, [field]: value } : p))
      await writeFile(file, JSON.stringify({ products, messages: [] }, null, 2))
      const { code, out, err } = await check(file)
      expect(code, value).toBe(1)
      expect(out).toBe('')
      expect(err).toMatch(/\(id "bridle-belt"\), field "\w+", line \d+, column \d+ must/)
      expect(err).toContain(should)
    }
  })

  it('catches a half-saved file, a missing field and two products with one id', async () => {
    const full = JSON.stringify({ products: seedProducts, messages: [] }, null, 2)
    await writeFile(file, full.slice(0, 200))
    expect((await check(file)).err).toMatch(
      /at line 6, column \d+: .*\(the file ends too early: is it only half saved\?\)/,
    )

    const { name: _, ...nameless } = seedProducts[0]!
    await writeFile(file, JSON.stringify({ products: [nameless], messages: [] }, null, 2))
    expect((await check(file)).err).toMatch(
      /product 1 \(id "oxford-brogue"\), field "name", line 3, column 5 is missing\./,
    )

    await writeFile(file, JSON.stringify({ products: [seedProducts[0], seedProducts[0]], messages: [] }, null, 2))
    expect((await check(file)).err).toMatch(
      /products 1 and 2 have the same id "oxford-brogue" \(line \d+, column \d+\); each needs its own\./,
    )
  })

  it('says what the file should hold when it holds a list, a text or nothing at all', async () => {
    for (const whole of ['[]', '[{"products": []}]', '"products"', 'null']) {
      await writeFile(file, whole)
      expect((await check(file)).err, whole).toContain(
        'db.json: the whole file, line 1, column 1 must be an object with "products" and "messages" lists.',
      )
    }
  })

  it('tells of enquiries kept in the journal that the file does not hold yet', async () => {
    await writeFile(file, '{"products": [')
    await writeFile(journalFileFor(file), `${JSON.stringify({ message: enquiry('x', 'pending') })}\n`)
    expect((await check(file)).err).toContain('1 enquiry waits in db.json.journal, safe;')
  })

  it('explains a missing file and a wrong option', async () => {
    const missing = await check(path.join(dir, 'nope.json'))
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/There is no data file at .*nope\.json/) })
    expect((await check('--frobnicate')).code).toBe(2)
  })
})

describe('npm run check-data with dated files of older enquiries', () => {
  it('counts the enquiries of the dated files, and names a dated file with a mistake, line and column', async () => {
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: [enquiry('a', 'sent')] }, null, 2))
    await writeFile(
      path.join(dir, 'db.enquiries-2024-11.json'),
      JSON.stringify({ messages: [enquiry('b', 'sent'), enquiry('c', 'sent')] }, null, 2),
    )
    await writeFile(
      path.join(dir, 'db.enquiries-2025-01.json'),
      JSON.stringify({ messages: [enquiry('d', 'disabled')] }, null, 2),
    )
    const fine = await check()
    expect(fine.code).toBe(0)
    expect(fine.out).toContain('  Enquiries: 1\n')
    expect(fine.out).toContain('  Older enquiries: 3 in 2 dated files (2024-11 to 2025-01)\n')

    const broken = path.join(dir, 'db.enquiries-2024-12.json')
    await writeFile(
      broken,
      JSON.stringify({ messages: [enquiry('e', 'sent', { email: 42 as unknown as string })] }, null, 2),
    )
    const bad = await check()
    expect(bad.code).toBe(1)
    expect(bad.err).toMatch(
      new RegExp(
        `^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: enquiry 1 \\(id ` +
          `"e"\\), field "email", line \\d+, column \\d+ must be text in double ` +
          `quotes \\(it is 42\\)\\.`,
      ),
    )
  })
})
