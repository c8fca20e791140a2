import { describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { csvCell, enquiriesCsv } from '../../server/services/enquiry-csv.server.ts'
import { parseCsv } from '../helpers/csv.ts'

const enquiry = (n: number, fields: Partial<StoredEnquiry> = {}): StoredEnquiry => ({
  id: `id-${n}`,
  createdAt: '2025-07-14T09:32:00.000Z',
  firstName: `Ann${n}`,
  lastName: 'Lee',
  email: `ann${n}@example.com`,
  subject: 'bags',
  message: 'Hello there, a question.',
  notification: {
    status: 'sent',
    attempts: [{ at: '2025-07-14T09:33:00.000Z', ok: true }],
    sentAt: '2025-07-14T09:33:00.000Z',
  },
  ...fields,
})

describe('enquiries as CSV', () => {
  it(
    'starts with a byte order mark, quotes every field, ends rows with ' +
      'CRLF, and keeps line breaks and quotes inside a message',
    () => {
      const text = [
        ...enquiriesCsv([enquiry(1, { message: 'Line one, with a comma\nLine "two"\r\nLine three' })]),
      ].join('')
      expect(text.startsWith('\uFEFF"Received (UK time)","First name"')).toBe(true)
      expect(text.endsWith('"\r\n')).toBe(true)
      const { bom, rows } = parseCsv(text)
      expect(bom).toBe(true)
      expect(rows).toHaveLength(2)
      const [head, row] = rows as [string[], string[]]
      const cell = (name: string) => row[head.indexOf(name)]
      expect(cell('Message')).toBe('Line one, with a comma\nLine "two"\r\nLine three')
      expect(cell('Received (UK time)')).toBe('2025-07-14 10:32') // British Summer Time
      expect(cell('Subject')).toBe('Bags Enquiry')
      expect(cell('E-mail notification')).toBe('sent')
      expect(cell('Id')).toBe('id-1')
    },
  )

  it('neutralises every cell a spreadsheet would run as a formula, and nothing else', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}cmd|' /C calc'!A0`)).toBe(`"'${start}cmd|' /C calc'!A0"`)
    }
    expect(csvCell('Hello = world')).toBe('"Hello = world"')
    expect(csvCell('O"Brien')).toBe('"O""Brien"')
    const { rows } = parseCsv(
      [
        ...enquiriesCsv([
          enquiry(2, { firstName: '=HYPERLINK("http://evil.example")', message: "=cmd|' /C calc'!A0" }),
        ]),
      ].join(''),
    )
    const [head, row] = rows as [string[], string[]]
    expect(row[head.indexOf('Message')]).toBe("'=cmd|' /C calc'!A0")
    expect(row[head.indexOf('First name')]).toBe('\'=HYPERLINK("http://evil.example")')
  })

  it('writes a failed e-mail with the mail server’s words, and the owner’s marks', () => {
    const failed = enquiry(3, {
      readAt: '2025-07-15T08:00:00.000Z',
      answeredAt: '2025-07-15T09:00:00.000Z',
      notification: {
        status: 'pending',
        attempts: [{ at: '2025-07-14T09:33:00.000Z', ok: false, error: '451 Mailbox busy' }],
        nextAttemptAt: '2025-07-14T09:34:00.000Z',
      },
    })
    const { rows } = parseCsv([...enquiriesCsv([failed])].join(''))
    const [head, row] = rows as [string[], string[]]
    expect(row[head.indexOf('State')]).toBe('answered')
    expect(row[head.indexOf('Answered')]).toBe('2025-07-15 10:00')
    expect(row[head.indexOf('E-mail notification')]).toBe('failed')
    expect(row[head.indexOf('Mail server said')]).toBe('451 Mailbox busy')
  })
})
