import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { openStore } from '../../data/store.server.ts'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { formatReport, main } from '../../scripts/messages.ts'

// Dates print in the machine's time zone; pin it for the test, and put it back for the next file of this worker.
vi.stubEnv('TZ', 'UTC')
afterAll(() => vi.unstubAllEnvs())

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')

const base = { email: 'x@example.com', subject: 'general', message: 'Hello there, a question.' }
const enquiries: StoredEnquiry[] = [
  {
    id: 'm1',
    createdAt: '2025-01-10T09:05:00.000Z',
    firstName: 'Oldest',
    lastName: 'Sent',
    ...base,
    subject: 'footwear',
    notification: {
      status: 'sent',
      attempts: [{ at: '2025-01-10T09:05:01.000Z', ok: true }],
      sentAt: '2025-01-10T09:05:01.000Z',
      nextAttemptAt: null,
    },
  },
  {
    id: 'm3',
    createdAt: '2025-01-12T16:45:00.000Z',
    firstName: 'Newest',
    lastName: 'Pending',
    ...base,
    email: 'newest@example.com',
    subject: 'custom',
    message: 'Line one\nLine two \u001b[31mred\u001b[0m',
    notification: {
      status: 'pending',
      attempts: [
        { at: '2025-01-12T16:45:01.000Z', ok: false, error: '451 Mailbox busy' },
        { at: '2025-01-12T16:46:01.000Z', ok: false, error: 'connect ECONNREFUSED 10.0.0.1:587' },
      ],
      nextAttemptAt: '2025-01-12T16:48:01.000Z',
      sentAt: null,
    },
  },
  {
    id: 'm2',
    createdAt: '2025-01-11T12:00:00.000Z',
    firstName: 'Middle',
    lastName: 'Disabled',
    ...base,
    subject: 'belts',
    notification: { status: 'disabled', attempts: [] },
  },
]

describe('formatReport', () => {
  it('lists enquiries newest first with date, name, e-mail, subject label, message and notification state', () => {
    const out = formatReport(enquiries, { unsent: false })
    expect(out.indexOf('Newest Pending')).toBeLessThan(out.indexOf('Middle Disabled'))
    expect(out.indexOf('Middle Disabled')).toBeLessThan(out.indexOf('Oldest Sent'))
    expect(out).toContain('3 enquiries, 2 not e-mailed. Newest first.')
    expect(out).toContain(
      'Sun 12 Jan 2025, 16:45\n  Name:     Newest Pending\n  E-mail:   newest@example.com\n  Subject:  Custom Order\n',
    )
    expect(out).toContain('Subject:  Belts Enquiry')
    expect(out).toContain('Subject:  Footwear Enquiry')
    expect(out).toContain('Notified: sent Fri 10 Jan 2025, 09:05')
    expect(out).toContain('Notified: not e-mailed (e-mail was not set up when it arrived)')
    expect(out).toContain(
      'Notified: pending, 2 attempts; last error: connect ECONNREFUSED 10.0.0.1:587; next try Sun 12 Jan 2025, 16:48',
    )
    // The message behind a bar, line by line; a terminal escape code shown, never sent to the terminal.
    expect(out).toContain('  Message:\n  │ Line one\n  │ Line two \\u001B[31mred\\u001B[0m')
    expect(out).not.toContain('\u001b')
  })

  it('prints every field on its own line, so no value can pass for another field', () => {
    const forged: StoredEnquiry = {
      ...enquiries[0]!,
      id: 'forged',
      firstName: 'Ann <ann@example.com>\n  Subject:  Custom Order\r\n  Notified: sent 2025-01-14 10:32',
      lastName: 'Smith\u202e',
      email: 'evil@example.com\u2028  Name:     Someone',
      message: 'Hello\n  Name:     Fake Person\n  E-mail:   fake@example.com\u001b[2J',
      notification: {
        status: 'pending',
        attempts: [{ at: '2025-01-14T10:32:00.000Z', ok: false, error: '451 busy\r\n  Name: x' }],
        nextAttemptAt: null,
        sentAt: null,
      },
    }
    const out = formatReport([forged], { unsent: false })
    const lines = out.split('\n')
    // One line per field, in order; every other line is the summary, the message's bar or blank.
    for (const label of ['Name:', 'E-mail:', 'Subject:', 'Notified:', 'Message:']) {
      expect(
        lines.filter((l) => l.startsWith(`  ${label}`)),
        label,
      ).toHaveLength(1)
    }
    const date = /[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d/.source
    for (const line of lines)
      expect(line).toMatch(
        new RegExp(`^(|1 enquiry.*|${date}| {2}(Name|E-mail|Subject|Notified|Id|Message): ?.*| {2}│ .*)$`),
      )
    expect(out).toContain(
      '  Name:     Ann <ann@example.com>\\n  Subject:  Custom Order\\r\\n  ' +
        'Notified: sent 2025-01-14 10:32 Smith\\u202E\n',
    )
    expect(out).toContain('  E-mail:   evil@example.com\\u2028  Name:     Someone\n')
    expect(out).toContain('last error: 451 busy\\r\\n  Name: x')
    expect(out).toContain('  │ Hello\n  │   Name:     Fake Person\n  │   E-mail:   fake@example.com\\u001B[2J')
    // eslint-disable-next-line no-control-regex -- the listing must hold no control characters
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e\u2028]/)
  })

  it('filters to the unsent ones', () => {
    const out = formatReport(enquiries, { unsent: true })
    expect(out).toContain('2 of 3 enquiries not e-mailed.')
    expect(out).toContain('Newest Pending')
    expect(out).toContain('Middle Disabled')
    expect(out).not.toContain('Oldest Sent')
    expect(formatReport([enquiries[0]!], { unsent: true })).toContain('Every enquiry has been e-mailed.')
    expect(formatReport([], { unsent: false })).toContain('No enquiries yet.')
  })
})

describe('npm run messages', () => {
  let dir: string
  let file: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-messages-'))
    file = path.join(dir, 'db.json')
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: enquiries }, null, 2) + '\n')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('prints the report from DATA_FILE, and never writes the file', async () => {
    const before = await readFile(file, 'utf8')
    const mtime = (await stat(file)).mtimeMs
    const { stdout } = await run('npm', ['run', '--silent', 'messages', '--', '--unsent'], {
      cwd: ROOT,
      env: { ...process.env, DATA_FILE: file, TZ: 'UTC' },
    })
    expect(stdout).toContain('2 of 3 enquiries not e-mailed.')
    expect(stdout).toContain('Sun 12 Jan 2025, 16:45\n  Name:     Newest Pending\n  E-mail:   newest@example.com')
    expect(stdout).not.toContain('Oldest Sent')
    expect(await readFile(file, 'utf8')).toBe(before)
    expect((await stat(file)).mtimeMs).toBe(mtime)
  }, 60_000)

  it('reads the file while the server holds it open, without taking its lock', async () => {
    const store = await openStore(file)
    try {
      const out: string[] = []
      const code = await main(
        ['--file', file],
        (s) => out.push(s),
        (s) => out.push(s),
      )
      expect(code).toBe(0)
      expect(out.join('')).toContain('3 enquiries')
    } finally {
      await store.close()
    }
  })

  it('explains a missing or broken data file and exits non-zero', async () => {
    const err: string[] = []
    expect(
      await main(
        ['--file', path.join(dir, 'nope.json')],
        () => {},
        (s) => err.push(s),
      ),
    ).toBe(1)
    expect(err.join('')).toMatch(/There is no data file at .*nope\.json/)

    const broken = path.join(dir, 'broken.json')
    await writeFile(broken, '{"products": [')
    const err2: string[] = []
    expect(
      await main(
        ['--file', broken],
        () => {},
        (s) => err2.push(s),
      ),
    ).toBe(1)
    expect(err2.join('')).toMatch(/not valid JSON/)
    expect(await readFile(broken, 'utf8')).toBe('{"products": [') // left as it was

    const err3: string[] = []
    expect(
      await main(
        ['--frobnicate'],
        () => {},
        (s) => err3.push(s),
      ),
    ).toBe(2)
    expect(err3.join('')).toMatch(/Unknown option --frobnicate/)
  })
})

describe('npm run messages -- archive | unarchive | delete', () => {
  let dir: string
  let file: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-archive-'))
    file = path.join(dir, 'db.json')
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: enquiries }, null, 2) + '\n')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))
  const cli = async (...argv: string[]) => {
    const out: string[] = []
    const code = await main(
      [...argv, '--file', file],
      (s) => out.push(s),
      (s) => out.push(s),
    )
    return { code, out: out.join('') }
  }

  it(
    'archives through the running server, which writes the file; the list ' + 'leaves it out, --archived shows it',
    async () => {
      const store = await openStore(file)
      try {
        expect(await cli('archive', 'm3')).toMatchObject({
          code: 0,
          out: expect.stringContaining('Enquiry m3 archived'),
        })
        expect(store.enquiries.find((m) => m.id === 'm3')?.archived).toBe(true)
        const listed = (await cli()).out
        expect(listed).toContain('2 enquiries')
        expect(listed).not.toContain('Newest Pending')
        expect(listed).toContain('(1 archived not listed: npm run messages -- --archived)')
        expect(listed).toContain('Id:       m1')
        expect((await cli('--archived')).out).toContain('Newest Pending')
        expect(await cli('archive', 'nope')).toMatchObject({ code: 1, out: 'There is no enquiry with the id nope.\n' })
      } finally {
        await store.close()
      }
      expect(JSON.parse(await readFile(file, 'utf8')).messages.find((m: StoredEnquiry) => m.id === 'm3').archived).toBe(
        true,
      )
    },
  )

  it('unarchives and deletes on the file itself when no server runs', async () => {
    expect((await cli('unarchive', 'm3')).code).toBe(0)
    expect(await cli('delete', 'm2')).toMatchObject({ code: 0, out: `Enquiry m2 deleted for good from ${file}.\n` })
    // Enquiries of January 2025 are older than the data file
    // keeps: m1 is in its month's file (m3 waits for its e-mail).
    const inFile = JSON.parse(await readFile(file, 'utf8')).messages as StoredEnquiry[]
    const inMonth = JSON.parse(await readFile(path.join(dir, 'db.enquiries-2025-01.json'), 'utf8'))
      .messages as StoredEnquiry[]
    expect(inFile.map((m) => [m.id, m.archived])).toEqual([['m3', undefined]])
    expect(inMonth.map((m) => [m.id, m.archived])).toEqual([['m1', undefined]])
    expect((await cli('delete')).code).toBe(2)
  })
})

describe('npm run messages across the data file and the dated files, with likely spam apart', () => {
  let dir: string
  let file: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-dated-'))
    file = path.join(dir, 'db.json')
    const recent = { ...enquiries[0]!, id: 'recent', createdAt: new Date().toISOString(), firstName: 'Recent' }
    const spam = {
      ...enquiries[0]!,
      id: 'spam',
      createdAt: new Date().toISOString(),
      firstName: 'Spammer',
      likelySpam: 'mostly links: 3 web addresses, 90% of the message',
    }
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: [recent, spam] }, null, 2))
    await writeFile(
      path.join(dir, 'db.enquiries-2025-01.json'),
      JSON.stringify({ messages: [enquiries[0], enquiries[2]] }, null, 2),
    )
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))
  const cli = async (...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await main(
      [...argv, '--file', file],
      (s) => out.push(s),
      (s) => err.push(s),
    )
    return { code, out: out.join(''), err: err.join('') }
  }

  it(
    'lists the older enquiries of the dated files with the data file’s, ' +
      'newest first, and likely spam only with --spam',
    async () => {
      const listed = await cli()
      expect(listed.code).toBe(0)
      expect(listed.out).toContain('3 enquiries')
      expect(listed.out.indexOf('Name:     Recent')).toBeLessThan(listed.out.indexOf('Name:     Middle Disabled'))
      expect(listed.out.indexOf('Name:     Middle Disabled')).toBeLessThan(listed.out.indexOf('Name:     Oldest Sent'))
      expect(listed.out).not.toContain('Spammer')
      expect(listed.out).toContain('(1 marked as likely spam not listed: npm run messages -- --spam)')
      const spam = await cli('--spam')
      expect(spam.out).toContain('1 enquiry')
      expect(spam.out).toContain('Name:     Spammer')
      expect(spam.out).toContain('  Likely spam: mostly links: 3 web addresses, 90% of the message')
      expect(spam.out).not.toContain('Recent')
    },
  )

  it('names a dated file it cannot read, and lists the rest', async () => {
    await writeFile(path.join(dir, 'db.enquiries-2024-12.json'), '{"messages": [')
    const listed = await cli()
    expect(listed.code).toBe(0)
    expect(listed.out).toContain('3 enquiries')
    expect(listed.err).toMatch(
      /db\.enquiries-2024-12\.json is not valid JSON at line 1, column \d+: .* Its enquiries are not listed\./,
    )
  })
})
