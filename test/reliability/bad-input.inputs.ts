/**
 * The inputs the bad-input proofs generate (fast-check): JSON bodies as raw text, so that `__proto__`
 * really is a key, nearly valid enquiries, and form posts with every spelling a browser or a robot sends.
 */
import fc from 'fast-check'
import { CONTACT_SUBJECTS } from '../../domain/business.ts'

// --- generated JSON, as raw text so that `__proto__` really is a key ------------------------------

type Node = { s: string } | { n: string } | { b: boolean } | { nil: true } | { arr: Node[] } | { obj: [string, Node][] }

function toJson(node: Node): string {
  if ('s' in node) return JSON.stringify(node.s)
  if ('n' in node) return node.n
  if ('b' in node) return String(node.b)
  if ('nil' in node) return 'null'
  if ('arr' in node) return `[${node.arr.map(toJson).join(',')}]`
  return `{${node.obj.map(([k, val]) => `${JSON.stringify(k)}:${toJson(val)}`).join(',')}}`
}

const FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message']
const KEYS = [
  ...FIELDS,
  'website',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'polluted',
  'id',
  'createdAt',
  'notification',
  '',
]

/** Huge strings built fast: one character, repeated past the 32 kB body limit at times. */
const huge = fc
  .tuple(
    fc.constantFrom('a', 'é', '漢', '😀', '\u0000', '\u202e', '\ud800', '<script>', '"', '\\', ' '),
    fc.integer({ min: 100, max: 12_000 }),
  )
  .map(([c, n]) => c.repeat(n))

export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) }, // any code point, lone surrogates too
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n\t', 'null', 'undefined', '{}', '[]', '0') },
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.constantFrom(...CONTACT_SUBJECTS.map((s) => s.value), 'GENERAL', ' general ', 'hats') },
  { weight: 2, arbitrary: fc.constant('Is the Oxford brogue made in England?') },
)

const POLLUTERS: Node[] = [
  { obj: [['polluted', { s: 'yes' }]] },
  { obj: [['prototype', { obj: [['polluted', { s: 'yes' }]] }]] },
  { obj: [['__proto__', { obj: [['polluted', { s: 'yes' }]] }]] },
]

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text.map((s): Node => ({ s })),
    fc
      .oneof(fc.double().map(String), fc.integer().map(String), fc.constantFrom('1e309', '-0', '1e-400'))
      .map((n): Node => ({ n: n === 'NaN' || n.includes('Infinity') ? '0' : n })),
    fc.boolean().map((b): Node => ({ b })),
    fc.constant<Node>({ nil: true }),
    fc.constantFrom(...POLLUTERS),
    fc.array(tie('node'), { maxLength: 5 }).map((arr): Node => ({ arr })),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string()), tie('node')), { maxLength: 6 })
      .map((obj): Node => ({ obj })),
  ),
}))

/** Mostly a good value, sometimes anything: so that valid enquiries (201, then 429) come up too. */
const mostly = (good: fc.Arbitrary<string>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: text })
const goodName = fc.constantFrom('Jane', 'Zoë', "O'Hara", '李', 'Jean-Luc')
const goodEmail = fc.constantFrom('jane@example.com', 'jean.luc+shoes@mail.example.co.uk', 'x_y@example.org')
const goodMessage = fc.constantFrom(
  'I would like a belt in 42 inches, please.',
  'Can the Oxford brogue be resoled? 🙂',
  'Größe 44 bitte, danke schön.',
)

/** A valid enquiry, then changed: fields replaced by anything, dropped, or joined by odd keys. */
const nearlyValid = fc
  .record({
    firstName: mostly(goodName),
    lastName: mostly(goodName),
    email: mostly(fc.oneof(goodEmail, fc.emailAddress())),
    subject: fc.constantFrom(...CONTACT_SUBJECTS.map((s) => s.value)),
    message: mostly(goodMessage),
  })
  .chain((base) =>
    fc.tuple(
      fc.constant(base),
      fc.oneof(
        { weight: 2, arbitrary: fc.constant<[string, Node][]>([]) },
        {
          weight: 3,
          arbitrary: fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(node, fc.constantFrom(...POLLUTERS))), {
            maxLength: 3,
          }),
        },
      ),
      fc.oneof({ weight: 4, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.subarray(FIELDS) }),
    ),
  )
  .map(([base, extra, dropped]): Node => ({
    obj: [
      ...Object.entries(base)
        .filter(([k]) => !dropped.includes(k))
        .map(([k, s]): [string, Node] => [k, { s }]),
      ...extra,
    ],
  }))

export const jsonBody = fc.oneof(
  { weight: 4, arbitrary: nearlyValid.map(toJson) },
  { weight: 3, arbitrary: node.map(toJson) },
  { weight: 1, arbitrary: nearlyValid.map(toJson).chain((s) => fc.nat(s.length).map((n) => s.slice(0, n))) }, // cut short
  { weight: 1, arbitrary: fc.string() }, // not JSON at all
)

export const jsonType = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      '',
    ),
  },
)

/** A valid enquiry, as a visitor's browser would send it. */
export const VALID = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  subject: CONTACT_SUBJECTS[0]!.value,
  message: 'Is the Oxford brogue made in England?',
}

/**
 * Bodies tried before the generated ones, so that every answer comes up however short the run:
 * valid ones past the rate limit (201, then 429), one past the body limit, one of a type the API
 * does not take, and one that is not JSON.
 */
export function jsonExamples(rateLimit: number): [string, string][] {
  return [
    ...Array.from({ length: rateLimit + 1 }, (): [string, string] => [JSON.stringify(VALID), 'application/json']),
    [JSON.stringify({ ...VALID, message: 'a'.repeat(40_000) }), 'application/json'],
    [JSON.stringify(VALID), 'text/plain'],
    ['{"firstName":', 'application/json'],
  ]
}

// --- generated form posts --------------------------------------------------------------------------

const FORM_KEYS = [
  ...KEYS,
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'firstName[]',
  'message[0]',
  'a[b][c]',
  '__proto__.polluted',
]

/** Percent-encodes the UTF-8 bytes (encodeURIComponent throws on lone surrogates). */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9*._-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('')

export const formBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.record({
          firstName: mostly(goodName),
          lastName: mostly(goodName),
          email: mostly(fc.oneof(goodEmail, fc.emailAddress())),
          subject: fc.constantFrom(...CONTACT_SUBJECTS.map((s) => s.value), 'hats'),
          message: mostly(goodMessage),
        }),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FORM_KEYS), fc.string()), text), { maxLength: 20 }),
      )
      .map(([base, extra]) => [...Object.entries(base), ...extra].map(([k, val]) => `${pct(k)}=${pct(val)}`).join('&')),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.constantFrom(
          '%',
          '%E0%A4%A',
          '%zz',
          '&',
          '=',
          '==',
          '+',
          '%00',
          'firstName',
          'message=',
          '__proto__=x',
          'a',
          '%F0%9F',
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
)

/** A form body with these fields, as a browser encodes it. */
export const formOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, val]) => `${pct(k)}=${pct(val)}`)
    .join('&')

export const formType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/x-www-form-urlencoded; charset=shift_jis',
  'multipart/form-data; boundary=x',
  'application/json',
  '',
)
