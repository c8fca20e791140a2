/**
 * `npm run check-data [-- path/to/db.json]`: checks a data file and its dated files as
 * the server would read them; read-only, exit 1 when the site cannot use one (README.md).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { checkDataText, checkDatedText, unusableValues, type Data } from '../data/check.server.ts'
import { listDatedFiles } from '../data/dated-files.server.ts'
import { Journal, journalFileFor } from '../data/journal.server.ts'
import { CATEGORIES } from '../domain/business.ts'
import { shopDataFile } from '../server/running-server.server.ts'
import { runWhenStarted, type Out } from './cli.ts'

const USAGE = `Usage: npm run check-data [-- path/to/db.json]
  Checks a data file (default: DATA_FILE, or data/db.json) and says what is wrong and where,
  or sums it up when it is fine. Exit code 0 when the site can use it, 1 when not.`

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function summarise(data: Data): string[] {
  const perCategory = CATEGORIES.map((c) => `${c} ${data.products.filter((p) => p.category === c).length}`).join(', ')
  const archived = data.messages.filter((m) => m.archived === true).length
  const live = data.messages.filter((m) => m.archived !== true)
  const pending = live.filter((m) => m.notification.status === 'pending').length
  const disabled = live.filter((m) => m.notification.status === 'disabled').length
  const unsent = pending + disabled
  const why = [
    pending && `${pending} waiting to be retried`,
    disabled && `${disabled} saved while e-mail was not set up`,
  ]
    .filter(Boolean)
    .join(', ')
  const counted = data.products.filter((p) => p.stock !== undefined)
  const soldOut = counted.filter((p) => p.stock === 0).length
  return [
    `  Products: ${data.products.length} (${perCategory})`,
    ...(counted.length > 0
      ? [`  Stock counted: ${plural(counted.length, 'product', 'products')}${soldOut ? ` (${soldOut} sold out)` : ''}`]
      : []),
    `  Enquiries: ${data.messages.length}${archived ? ` (${archived} archived)` : ''}`,
    `  E-mails not sent: ${unsent}${unsent ? ` (${why})` : ''}`,
  ]
}

/** Enquiries in the journal beside the file that the file does not hold yet (saved while it had an error). */
async function waitingInJournal(file: string, data: Data | null): Promise<string[]> {
  const journal = new Journal(journalFileFor(file))
  const saved = await journal.read().catch(() => null)
  if (!saved) return [`  The journal ${journal.file} cannot be read.`]
  const inFile = new Set(data?.messages.map((m) => m.id) ?? [])
  const waiting = saved.enquiries.filter((m) => !inFile.has(m.id)).length
  if (waiting === 0) return []
  return [
    `  ${plural(waiting, 'enquiry waits', 'enquiries wait')} in ` +
      `${path.basename(journal.file)}, safe; the server adds ` +
      `${waiting === 1 ? 'it' : 'them'} to the file once it is valid (or at ` +
      `its next start).`,
  ]
}

/**
 * The dated files beside the data file: how many enquiries they hold, or what is wrong with each that has a mistake.
 */
async function checkDatedFiles(file: string): Promise<{ summary: string[]; problems: string[] }> {
  const dated = await listDatedFiles(file)
  if (dated.length === 0) return { summary: [], problems: [] }
  let count = 0
  const problems: string[] = []
  for (const { file: month } of dated) {
    const checked = checkDatedText(await readFile(month, 'utf8'), month)
    if (checked.ok) count += checked.data.messages.length
    else problems.push(checked.problem.message)
  }
  const span = dated.length === 1 ? dated[0]!.month : `${dated.at(-1)!.month} to ${dated[0]!.month}`
  return {
    summary: [`  Older enquiries: ${count} in ${plural(dated.length, 'dated file', 'dated files')} (${span})`],
    problems,
  }
}

export async function main(
  argv: readonly string[],
  out: Out,
  err: Out,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(`${USAGE}\n`)
    return 0
  }
  const args = argv.filter((a) => a !== '--')
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    err(`${USAGE}\n`)
    return 2
  }
  const file = await shopDataFile(args[0] ?? env.DATA_FILE, err)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    err(
      code === 'ENOENT'
        ? `There is no data file at ${file}. Give its path, or set DATA_FILE.\n`
        : `Cannot read ${file}: ${(e as Error).message}\n`,
    )
    return 1
  }
  const checked = checkDataText(text, file)
  if (!checked.ok) {
    const lines = [
      checked.problem.message,
      'The site cannot use this file as it is. While it runs, it keeps ' +
        'serving the last good version and keeps new enquiries safe until the ' +
        'file is fixed; it will not start with it.',
      ...(await waitingInJournal(file, null)),
    ]
    err(`${lines.join('\n')}\n`)
    return 1
  }
  const unusable = unusableValues(checked.data, file, text)
  if (unusable.length > 0) {
    const lines = [
      ...unusable.map((u) => u.message),
      'The site serves this file, but takes no order for such a product until its value is fixed.',
    ]
    err(`${lines.join('\n')}\n`)
    return 1
  }
  const dated = await checkDatedFiles(file)
  if (dated.problems.length > 0) {
    const lines = [
      ...dated.problems,
      'The site leaves the enquiries of a dated file it cannot read out of its lists, and keeps those ' +
        'due to move there in the data file, until the file is fixed.',
    ]
    err(`${lines.join('\n')}\n`)
    return 1
  }
  out(
    `${[`${file} is valid.`, ...summarise(checked.data), ...dated.summary, ...(await waitingInJournal(file, checked.data))].join('\n')}\n`,
  )
  return 0
}

runWhenStarted(import.meta.url, main)
