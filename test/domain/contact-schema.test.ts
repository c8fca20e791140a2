import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contactValuesFrom, isHoneypotFilled } from '../../domain/contact-fields.ts'
import { CONTACT_SUBJECTS } from '../../domain/business.ts'
import { CONTACT_LIMITS, ContactSchema } from '../../domain/contact-schema.ts'
import { fieldErrors } from '../../domain/form-errors.ts'
import { validEnquiry as valid } from '../helpers/valid-enquiry.ts'

const errorsOf = (input: unknown) => {
  const r = v.safeParse(ContactSchema, input)
  return r.success ? {} : fieldErrors(r.issues)
}

describe('ContactSchema: the enquiry form’s rules and messages', () => {
  it('accepts a complete enquiry and trims every field', () => {
    const r = v.safeParse(ContactSchema, {
      firstName: '  Jane ',
      lastName: '\tSmith\n',
      email: ' jane.smith@example.co.uk ',
      subject: ' bags ',
      message: '   A question about the briefcase.   ',
    })
    expect(r.success).toBe(true)
    expect(r.output).toEqual({
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane.smith@example.co.uk',
      subject: 'bags',
      message: 'A question about the briefcase.',
    })
  })

  it('gives exactly the form’s messages for an empty form', () => {
    expect(errorsOf({ firstName: '', lastName: '', email: '', subject: '', message: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      subject: 'Please select a subject',
      message: 'Message must be at least 10 characters long',
    })
  })

  it('gives the same messages for fields that are not text', () => {
    expect(errorsOf({ ...valid, firstName: 42, message: ['x'] })).toEqual({
      firstName: 'First name is required',
      message: 'Message must be at least 10 characters long',
    })
  })

  it(
    'gives the form’s messages for missing fields once the body is read ' +
      'through contactValuesFrom (as the server does)',
    () => {
      const all = {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Please enter a valid email address',
        subject: 'Please select a subject',
        message: 'Message must be at least 10 characters long',
      }
      expect(errorsOf(contactValuesFrom({}))).toEqual(all)
      expect(errorsOf(contactValuesFrom([1, 2]))).toEqual(all)
      expect(errorsOf(contactValuesFrom({ ...valid, lastName: undefined }))).toEqual({
        lastName: 'Last name is required',
      })
    },
  )

  it('counts white space only as empty', () => {
    expect(errorsOf({ ...valid, firstName: '   ', lastName: '\n' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    })
  })

  it.each(['jane', 'jane@', '@example.com', 'jane@example', 'jane smith@example.com', 'jane@@example.com'])(
    'refuses the e-mail %j',
    (email) => {
      expect(errorsOf({ ...valid, email })).toEqual({ email: 'Please enter a valid email address' })
    },
  )

  it('needs 10 characters of message after trimming', () => {
    expect(errorsOf({ ...valid, message: '123456789' })).toEqual({
      message: 'Message must be at least 10 characters long',
    })
    expect(errorsOf({ ...valid, message: '   123456789   ' })).toEqual({
      message: 'Message must be at least 10 characters long',
    })
    expect(errorsOf({ ...valid, message: '1234567890' })).toEqual({})
  })

  it('accepts exactly the five subjects and nothing else', () => {
    expect(CONTACT_SUBJECTS.map((s) => s.value)).toEqual(['footwear', 'bags', 'belts', 'custom', 'general'])
    expect(CONTACT_SUBJECTS.map((s) => s.label)).toEqual([
      'Footwear Enquiry',
      'Bags Enquiry',
      'Belts Enquiry',
      'Custom Order',
      'General Enquiry',
    ])
    for (const s of CONTACT_SUBJECTS) expect(errorsOf({ ...valid, subject: s.value })).toEqual({})
    for (const subject of ['Footwear Enquiry', 'hats', 'FOOTWEAR', '']) {
      expect(errorsOf({ ...valid, subject })).toEqual({ subject: 'Please select a subject' })
    }
  })

  it('caps the length of every field', () => {
    expect(CONTACT_LIMITS.message).toBe(5000)
    expect(errorsOf({ ...valid, message: 'x'.repeat(5000) })).toEqual({})
    expect(errorsOf({ ...valid, message: 'x'.repeat(5001) }).message).toMatch(/at most 5000/)
    expect(errorsOf({ ...valid, firstName: 'J'.repeat(101) }).firstName).toMatch(/at most 100/)
    expect(errorsOf({ ...valid, lastName: 'S'.repeat(101) }).lastName).toMatch(/at most 100/)
    expect(errorsOf({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toEqual({
      email: 'Please enter a valid email address',
    })
  })

  it(
    'refuses a name that is not one line of plain text: line breaks, ' + 'control characters, bidirectional controls',
    () => {
      const forged = 'Ann <ann@example.com>\n  Subject: Custom Order\n  E-mail:  sent 2025-01-14 10:32'
      for (const bad of [
        forged,
        'Ann\rSmith',
        'Ann\r\nSmith',
        'Ann\tSmith',
        'Ann\u0085Smith',
        'Ann\u2028Smith',
        'Ann\u2029Smith',
        'Ann\u0000',
        'Ann\u001b[31m',
        'Ann\u007f',
        'Ann\u202eevil',
        'Ann\u202a',
        'Ann\u2066x\u2069',
      ]) {
        expect(errorsOf({ ...valid, firstName: bad }), JSON.stringify(bad)).toEqual({
          firstName: 'First name must be a single line, without line breaks or invisible control characters',
        })
        expect(errorsOf({ ...valid, lastName: bad }), JSON.stringify(bad)).toEqual({
          lastName: 'Last name must be a single line, without line breaks or invisible control characters',
        })
      }
    },
  )

  it('accepts names in any script, with accents, apostrophes, joiners and emoji', () => {
    for (const good of [
      'Zoë',
      "O'Hara",
      'José-María',
      'Nguyễn',
      'محمد',
      'مهر\u200cآسا',
      '山田',
      'Ólafur Þór',
      '👩\u200d💻 Sam',
    ]) {
      expect(errorsOf({ ...valid, firstName: good }), good).toEqual({})
    }
  })

  it('counts only visible characters: zero-width and blank characters alone are empty', () => {
    for (const empty of ['\u200b', '\u200b\u200c\u200d\u2060\ufeff', ' \u200b ', '\u3164', '\u200e\u200f', '\u00ad']) {
      expect(errorsOf({ ...valid, firstName: empty, lastName: empty }), JSON.stringify(empty)).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
      })
    }
    expect(errorsOf({ ...valid, message: '\u200b'.repeat(10) })).toEqual({
      message: 'Message must be at least 10 characters long',
    })
    expect(errorsOf({ ...valid, message: `123456789${'\u200b'.repeat(5)}` })).toEqual({
      message: 'Message must be at least 10 characters long',
    })
    // Characters, not UTF-16 units: nine emoji are nine characters.
    expect(errorsOf({ ...valid, message: '😀'.repeat(9) })).toEqual({
      message: 'Message must be at least 10 characters long',
    })
    expect(errorsOf({ ...valid, message: '😀'.repeat(10) })).toEqual({})
  })

  it('keeps the message’s lines and tabs, and drops the control and bidirectional characters that show nothing', () => {
    const r = v.safeParse(ContactSchema, {
      ...valid,
      message: 'Line one\r\nLine two\rLine\tthree\u2028four \u202eevil\u202c \u0007bell\u001b[31m',
    })
    expect(r.success).toBe(true)
    expect(r.output).toMatchObject({ message: 'Line one\nLine two\nLine\tthree\nfour evil bell[31m' })
  })

  it('drops fields it does not know (the honeypot never reaches the data file)', () => {
    const r = v.safeParse(ContactSchema, { ...valid, website: 'http://spam.example', admin: true })
    expect(r.success).toBe(true)
    expect(Object.keys(r.output!).sort()).toEqual(['email', 'firstName', 'lastName', 'message', 'subject'])
  })
})

describe('form helpers', () => {
  it('picks only text fields from any body', () => {
    expect(contactValuesFrom({ firstName: 'Jane', lastName: 3, email: null, message: 'Hi', extra: 'x' })).toEqual({
      firstName: 'Jane',
      lastName: '',
      email: '',
      subject: '',
      message: 'Hi',
    })
    expect(contactValuesFrom(undefined)).toEqual({ firstName: '', lastName: '', email: '', subject: '', message: '' })
  })

  it('sees a filled honeypot, and only a filled one', () => {
    expect(isHoneypotFilled({ website: 'http://spam.example' })).toBe(true)
    expect(isHoneypotFilled({ website: ['x'] })).toBe(true)
    expect(isHoneypotFilled({ website: '' })).toBe(false)
    expect(isHoneypotFilled({ website: '  ' })).toBe(false)
    expect(isHoneypotFilled({})).toBe(false)
    expect(isHoneypotFilled(null)).toBe(false)
  })
})
