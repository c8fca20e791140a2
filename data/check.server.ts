/**
 * Says in plain words whether the site can use a data file (syntax with line and column,
 * shape, unique ids); used by the store on every owner's edit and by `npm run check-data`.
 */
import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser'
import * as v from 'valibot'
import type { Stored } from '../domain/stored.ts'
import { ImageRunSchema } from './image-runs.server.ts'
import { leadTimeRule, ProductSchema, publishedPhotoRule } from '../domain/product.ts'
import { PRODUCT_MAX_LENGTHS } from '../domain/product-form.ts'
import { StoredEnquirySchema } from './enquiry.server.ts'

const STOCK_RULE = 'stock must be a whole number, 0 or more, without quotes (such as 3)'
/** The most the form's stock field (that many digits) can say. */
const MOST_STOCK = 10 ** PRODUCT_MAX_LENGTHS.stock - 1
/** The owner's count of a product (domain/product.ts, StockFields), at most what the workspace's form takes. */
const STOCK_ENTRIES = {
  stock: v.optional(
    v.pipe(
      v.number(STOCK_RULE),
      v.integer(STOCK_RULE),
      v.minValue(0, STOCK_RULE),
      v.maxValue(MOST_STOCK, `stock must be at most ${MOST_STOCK}, as the workspace takes`),
    ),
  ),
  showFewLeft: v.optional(v.boolean()),
}

const longest = (field: keyof typeof PRODUCT_MAX_LENGTHS) => v.maxLength<string, number>(PRODUCT_MAX_LENGTHS[field])
/**
 * Text no longer than the workspace's form takes: every value of the file can be saved from the
 * form too, and one product's value cannot make every page that lists it large.
 */
const TEXT_ENTRIES = {
  id: v.pipe(
    ProductSchema.entries.id,
    longest('id'),
    v.check(
      (id) => !/[\s/?#%\\]/.test(id),
      'id must not hold a space, /, ?, #, % or \\: it ends the product’s web address',
    ),
  ),
  name: v.pipe(ProductSchema.entries.name, longest('name')),
  description: v.pipe(ProductSchema.entries.description, longest('description')),
  sku: v.pipe(ProductSchema.entries.sku, longest('sku')),
  mainImage: v.pipe(
    ProductSchema.entries.mainImage,
    longest('mainImage'),
    v.check(
      (src) => src === '' || /^\/(?!\/)/.test(src) || /^https?:\/\//i.test(src),
      'mainImage must be a picture of the site (starting with /) or a full address starting with https://',
    ),
  ),
  leadTime: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), longest('leadTime'))),
}

/** The photographs a product carries besides its main one (domain/product.ts, StoredProduct): read by every page. */
const PHOTO_ENTRIES = {
  images: v.optional(v.array(v.looseObject({ angle: v.string(), src: v.string(), original: v.optional(v.string()) }))),
  imagesGeneratedAt: v.optional(v.string()),
  imageModel: v.optional(v.string()),
  photos: v.optional(v.array(v.looseObject({ src: v.string() }))),
}

const OWN_ENTRIES = { ...TEXT_ENTRIES, ...STOCK_ENTRIES, ...PHOTO_ENTRIES }

/** Stored products may carry extra fields (generated image sets); the API shows only the public ones. */
const StoredProductSchema = v.pipe(
  v.looseObject({ ...ProductSchema.entries, ...OWN_ENTRIES }),
  leadTimeRule,
  publishedPhotoRule,
)
/**
 * One product's wrong payment link never stops the shop: the file is
 * read, that product cannot be ordered, and `unusableValues` names it.
 */
const ReadableProductSchema = v.pipe(
  v.looseObject({ ...ProductSchema.entries, ...OWN_ENTRIES, paymentLink: v.string() }),
  leadTimeRule,
  publishedPhotoRule,
)
const UsableProductsSchema = v.looseObject({ products: v.array(StoredProductSchema) })

export const DataSchema = v.looseObject({
  products: v.array(ReadableProductSchema),
  messages: v.array(StoredEnquirySchema),
  /** Image generation runs of the last 24 hours, counted against the daily limit; absent until the first run. */
  imageRuns: v.optional(v.array(ImageRunSchema)),
})
export type Data = Stored<v.InferOutput<typeof DataSchema>>

/** A dated file beside the data file: the enquiries of one month, moved there once older than the data file keeps. */
const DatedFileSchema = v.looseObject({ messages: v.array(StoredEnquirySchema) })
export type DatedFileData = Stored<v.InferOutput<typeof DatedFileSchema>>

export type DataProblem = {
  message: string
  line?: number
  column?: number
}

export type CheckResult = { ok: true; data: Data } | { ok: false; problem: DataProblem }

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(Math.max(0, offset), text.length)
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: end - lineStart + 1 }
}

const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'this is not valid JSON here (text, such as a price, must be inside double quotes: "£185.00")',
  InvalidNumberFormat: 'this number is not written as JSON allows',
  PropertyNameExpected: 'a field name in double quotes was expected here (is there a comma too many just before it?)',
  ValueExpected: 'a value is missing here',
  ColonExpected: 'a colon (:) is missing after the field name',
  CommaExpected: 'a comma is missing before this',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'there is more text after the end of the data',
  InvalidCommentToken: 'comments are not allowed in the data file',
  UnexpectedEndOfComment: 'comments are not allowed in the data file',
  UnexpectedEndOfString: 'a text value is not closed: its closing double quote is missing',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'a \\u escape needs four hexadecimal digits',
  InvalidEscapeCharacter: 'a backslash starts an escape JSON does not know (write \\\\ for a backslash)',
  InvalidCharacter: 'a text value holds a line break or a control character (write \\n for a new line)',
}

function syntaxProblem(text: string, label: string, parseError: Error): DataProblem {
  if (text.trim() === '') return { message: `${label} is empty.` }
  const errors: ParseError[] = []
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const first = errors[0]
  // The parser and JSON.parse agree on what JSON is; should they ever not, JSON.parse's own words stand.
  const offset = first?.offset ?? Number(/at position (\d+)/.exec(parseError.message)?.[1] ?? text.length)
  const { line, column } = lineColumn(text, offset)
  let what = first ? (SYNTAX[printParseErrorCode(first.error)] ?? 'this is not valid JSON') : parseError.message
  const end = text.trimEnd().length
  const cutShort =
    offset >= end ||
    errors.some((e) => e.offset + e.length >= end) ||
    /end of JSON input|Unterminated string/.test(parseError.message)
  if (cutShort) what = `${what} (the file ends too early: is it only half saved?)`
  return { message: `${label} is not valid JSON at line ${line}, column ${column}: ${what}.`, line, column }
}

const quote = (value: unknown) => {
  const s = JSON.stringify(value) ?? String(value)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text in double quotes',
  boolean: 'true or false',
  array: 'a list in [ ]',
  object: 'an object in { }',
  loose_object: 'an object in { }',
  number: 'a number',
}

/**
 * One issue of the schema in plain words, e.g. 'is missing',
 * 'must be one of "footwear", "bags", "belts" (it is "hats")'.
 */
function plainIssue(issue: v.BaseIssue<unknown>): string {
  const it = issue.input === undefined ? '' : ` (it is ${quote(issue.input)})`
  if (issue.kind === 'schema' && issue.input === undefined) return 'is missing'
  switch (issue.type) {
    case 'picklist':
      return `must be one of ${issue.expected!.replace(/^\(|\)$/g, '').replace(/ \| /g, ', ')}${it}`
    case 'regex':
      return `${issue.message.replace(/^\w+ must/, 'must')}${it}`
    case 'min_length':
      return `must not be empty${it}`
    case 'max_length':
      return `must be at most ${issue.expected!.replace(/^<=/, '')} characters, as the workspace takes (it has ${issue.received})`
    case 'number':
    case 'integer':
    case 'min_value':
    case 'max_value':
      // Rules with words of their own ('stock must be a whole number...').
      if (/^\w+ must/.test(issue.message)) return `${issue.message.replace(/^\w+ must/, 'must')}${it}`
      return `must be ${TYPE_WORDS[issue.type] ?? issue.expected ?? 'something else'}${it}`
    case 'check':
      // A rule of one field says what it found; one of the whole product (lead time) does not.
      return `${issue.message.replace(/^\w+ must/, 'must')}${typeof issue.input === 'string' ? it : ''}`
    case 'url':
      return `must be a full web address starting with https://${it}`
    default:
      return `must be ${TYPE_WORDS[issue.type] ?? issue.expected ?? 'something else'}${it}`
  }
}

export function productProblem(product: unknown): string | null {
  const parsed = v.safeParse(StoredProductSchema, product)
  if (parsed.success) return null
  const issue = parsed.issues[0]
  const field = (issue.path ?? []).map((p) => String(p.key)).join('.')
  return `${field ? `field ${quote(field)} ` : ''}${plainIssue(issue)}`
}

type Item = { id?: unknown; name?: unknown }

function describeItem(data: Record<string, unknown>, list: string, index: number): string {
  const item = (data[list] as Item[] | undefined)?.[index]
  const noun = list === 'products' ? 'product' : 'enquiry'
  const id = item && typeof item === 'object' && typeof item.id === 'string' && item.id ? ` (id ${quote(item.id)})` : ''
  return `${noun} ${index + 1}${id}`
}

function schemaProblem(
  text: string,
  label: string,
  raw: unknown,
  issue: v.BaseIssue<unknown>,
  shape: string,
): DataProblem {
  const keys = (issue.path ?? []).map((p) => p.key as string | number)
  const tree = parseTree(text)
  // Point at the field itself, or at the nearest thing that is there when the field is missing.
  let node = undefined
  for (let n = keys.length; n >= 0 && !node; n--) node = tree && findNodeAtLocation(tree, keys.slice(0, n))
  const where = node ? lineColumn(text, node.offset) : undefined
  const at = where ? `, line ${where.line}, column ${where.column}` : ''
  const [list, index, ...field] = keys
  // A list's own fields (valibot reads a list as an object) are no clue: the file is of the wrong kind.
  const wholeFile = raw === null || typeof raw !== 'object' || Array.isArray(raw) || keys.length === 0
  let subject: string
  if (wholeFile) subject = 'the whole file'
  else if ((list === 'products' || list === 'messages') && typeof index === 'number') {
    subject = describeItem(raw as Record<string, unknown>, list, index)
    if (field.length) subject += `, field ${quote(field.join('.'))}`
  } else subject = `the field ${quote(keys.join('.'))}`
  const detail = wholeFile ? `must be an object with ${shape}` : plainIssue(issue)
  return { message: `${label}: ${subject}${at} ${detail}.`, ...where }
}

function duplicateProblem(text: string, label: string, data: object): DataProblem | null {
  for (const list of ['products', 'messages'] as const) {
    const seen = new Map<string, number>()
    const items = ((data as Record<string, unknown>)[list] ?? []) as readonly { id: string }[]
    for (let i = 0; i < items.length; i++) {
      const first = seen.get(items[i]!.id)
      if (first === undefined) {
        seen.set(items[i]!.id, i)
        continue
      }
      const tree = parseTree(text)
      const node = tree && findNodeAtLocation(tree, [list, i, 'id'])
      const where = node ? lineColumn(text, node.offset) : undefined
      const noun = list === 'products' ? 'products' : 'enquiries'
      return {
        message:
          `${label}: ${noun} ${first + 1} and ${i + 1} have the same id ` +
          `${quote(items[i]!.id)}${where ? ` (line ${where.line}, column ${where.column})` : ''}; ` +
          `each needs its own.`,
        ...where,
      }
    }
  }
  return null
}

function checkText<S extends v.GenericSchema>(
  text: string,
  label: string,
  schema: S,
  shape: string,
): { ok: true; data: v.InferOutput<S> } | { ok: false; problem: DataProblem } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text // a byte-order mark some editors add
  let raw: unknown
  try {
    raw = JSON.parse(body)
  } catch (err) {
    return { ok: false, problem: syntaxProblem(body, label, err as Error) }
  }
  const parsed = v.safeParse(schema, raw)
  if (!parsed.success) return { ok: false, problem: schemaProblem(body, label, raw, parsed.issues[0], shape) }
  const duplicate = duplicateProblem(body, label, raw as object)
  return duplicate ? { ok: false, problem: duplicate } : { ok: true, data: raw as v.InferOutput<S> }
}

/** A value the site reads but will not use, and the product it belongs to. */
export type UnusableValue = DataProblem & { productId: string; productName: string; field: string }

/**
 * The values of a readable file that the site leaves unused (a product's payment
 * link), each naming its product and field; with the file's text, where.
 */
export function unusableValues(data: Data, label: string, text = ''): UnusableValue[] {
  const parsed = v.safeParse(UsableProductsSchema, data)
  if (parsed.success) return []
  return parsed.issues.map((issue) => {
    const [, index, field] = (issue.path ?? []).map((p) => p.key as string | number)
    const product = data.products[index as number]!
    return {
      ...schemaProblem(text, label, data, issue, ''),
      productId: product.id,
      productName: product.name,
      field: String(field),
    }
  })
}

/** The data returned is the file's own objects (key order and unknown fields as the owner wrote them). */
export function checkDataText(text: string, label: string): CheckResult {
  return checkText(text, label, DataSchema, '"products" and "messages" lists')
}

export function checkDatedText(
  text: string,
  label: string,
): { ok: true; data: DatedFileData } | { ok: false; problem: DataProblem } {
  return checkText(text, label, DatedFileSchema, 'a "messages" list')
}
