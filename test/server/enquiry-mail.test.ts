import { describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { buildEnquiryMail, headerSafe } from '../../server/services/enquiry-mail.server.ts'

const OWNER = 'owner@ashbourne.test'
const SENDER = 'Ashbourne website <web@ashbourne.test>'

describe('the notification e-mail', () => {
  const enquiry: StoredEnquiry = {
    id: 'abc-123',
    createdAt: '2025-01-14T10:32:00.000Z',
    firstName: 'Zoë <b>',
    lastName: `O'Hara & "Sons"`,
    email: 'zoe@example.com',
    subject: 'custom',
    message: '<script>alert("x")</script>\nSecond line & more',
    notification: { status: 'pending', attempts: [] },
  }

  it('escapes every field in the HTML body and keeps the text body plain', () => {
    const mail = buildEnquiryMail(enquiry, { from: SENDER, to: OWNER })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(mail.html).toContain('Zoë &lt;b&gt; O&#39;Hara &amp; &quot;Sons&quot;')
    expect(mail.html).toContain('Second line &amp; more')
    expect(mail.text).toContain('Message:\n    <script>alert("x")</script>\n    Second line & more')
    expect(mail.subject).toBe(`Custom Order from Zoë <b> O'Hara & "Sons"`)
    expect(mail.replyTo).toEqual({ name: `Zoë <b> O'Hara & "Sons"`, address: 'zoe@example.com' })
    expect(mail.to).toBe(OWNER)
  })

  it('strips CR, LF and other control characters from anything that becomes a header', () => {
    expect(headerSafe('Jane\r\nBcc: x@y.z')).toBe('Jane Bcc: x@y.z')
    expect(headerSafe('a\u2028b\u0000c\td')).toBe('a b c d')
    const mail = buildEnquiryMail(
      { ...enquiry, firstName: 'A\r\nB', email: 'e@x.com\r\nCc: y@z.com' },
      { from: `x\r\n${SENDER}`, to: OWNER },
    )
    for (const value of [mail.subject, mail.replyTo.name, mail.replyTo.address, mail.from, mail.to])
      expect(value).not.toMatch(/[\r\n]/)
  })

  it('prints every field of a stored enquiry on its own line, so no value can pass for another (text and HTML)', () => {
    // As an enquiry saved before names were checked, or edited by hand in the data file, could be.
    const forged: StoredEnquiry = {
      ...enquiry,
      firstName: 'Ann <ann@example.com>\n  Subject: Custom Order',
      lastName: 'Smith\u202e',
      email: 'ann@example.com\u2028Reference: 1',
      message: 'Hello\nName: Fake Person\r\nE-mail: fake@example.com\u202e',
    }
    const mail = buildEnquiryMail(forged, { from: SENDER, to: OWNER })
    const lines = mail.text.split('\n')
    for (const label of ['Name', 'E-mail', 'Subject', 'Received', 'Reference']) {
      expect(
        lines.filter((l) => l.startsWith(`${label}:`)),
        label,
      ).toHaveLength(1)
    }
    expect(mail.text).toContain('Name: Ann <ann@example.com>\\n  Subject: Custom Order Smith\\u202E\n')
    expect(mail.text).toContain('E-mail: ann@example.com\\u2028Reference: 1\n')
    // The message keeps its lines, each indented: none starts like a field.
    expect(mail.text).toContain('Message:\n    Hello\n    Name: Fake Person\n    E-mail: fake@example.com\\u202E\n')
    expect(mail.text).not.toMatch(/[\r\u2028\u202e]/)
    expect(mail.html).toContain('Ann &lt;ann@example.com&gt;\\n  Subject: Custom Order Smith\\u202E')
    expect(mail.html).not.toMatch(/[\u2028\u202e]/)
    // Headers: one line, and no right-to-left override to reorder the subject in the inbox.
    expect(mail.subject).toBe('Custom Order from Ann <ann@example.com> Subject: Custom Order Smith')
    expect(mail.replyTo.name).not.toMatch(/[\n\u202e]/)
    expect(headerSafe('a\u202eb\u2066c\u2069\u0085d')).toBe('abc d')
  })
})
