/**
 * `npm run messages` (README.md). Listing never writes or locks the file; archive, unarchive
 * and delete go through the running server (one writer), or open the file when none holds it.
 */
import { readFile } from 'node:fs/promises'
import * as v from 'valibot'
import { listDatedFiles, readDatedFile } from '../data/dated-files.server.ts'
import { DataFileError, openStore, UnknownEnquiryError } from '../data/store.server.ts'
import { askHolder } from '../data/lock.server.ts'
import { subjectLabel } from '../domain/business.ts'
import { StoredEnquirySchema, type StoredEnquiry } from '../data/enquiry.server.ts'
import { showInvisible } from '../domain/plain-text.ts'
import { ukMoment } from '../domain/uk-time.ts'
import { shopDataFile } from '../server/running-server.server.ts'
import { runWhenStarted, type Out } from './cli.ts'

const COMMANDS = ['archive', 'unarchive', 'delete'] as const
export type Command = { op: (typeof COMMANDS)[number]; id: string }
export type Options = {
  unsent: boolean
  archived: boolean
  spam: boolean
  file: string
  help: boolean
  command?: Command
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Options {
  const options: Options = {
    unsent: false,
    archived: false,
    spam: false,
    file: env.DATA_FILE?.trim() ?? '',
    help: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if ((COMMANDS as readonly string[]).includes(arg) && !options.command) {
      const id = argv[++i]
      if (!id || id.startsWith('-'))
        throw new UsageError(`${arg} needs the id of an enquiry (npm run messages shows each one's id).`)
      options.command = { op: arg as Command['op'], id }
    } else if (arg === '--unsent') options.unsent = true
    else if (arg === '--archived') options.archived = true
    else if (arg === '--spam') options.spam = true
    else if (arg === '--help' || arg === '-h') options.help = true
    else if (arg === '--file') options.file = argv[++i] ?? options.file
    else if (arg.startsWith('--file=')) options.file = arg.slice('--file='.length)
    else throw new UsageError(`Unknown option ${arg}.`)
  }
  return options
}

export class UsageError extends Error {}

const USAGE = `Usage: npm run messages [-- --unsent | --archived | --spam] [-- --file path/to/db.json]
       npm run messages -- archive ID | unarchive ID | delete ID
  --unsent     only enquiries whose e-mail has not been sent
  --archived   only archived enquiries
  --spam       only enquiries marked as likely spam
  --file       the data file (default: DATA_FILE, else the running server's, else data/db.json)
  archive ID   mark an enquiry as dealt with: no longer listed nor e-mailed, kept in the file
  unarchive ID list it again
  delete ID    remove it from the data file for good`

/** Not e-mailed: still waiting (pending) or saved while no SMTP server was configured (disabled). */
export function isUnsent(m: StoredEnquiry): boolean {
  return m.notification.status !== 'sent'
}

/** Controls written out so a value can neither pass for another field, drive the terminal, nor reorder what follows. */
const field = (text: string) => showInvisible(text)

/** 'Sun 12 Jan, 16:45' in UK time, as the workspace writes it (the year when it is not this one). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'unknown date'
  if (Number.isNaN(new Date(iso).getTime())) return field(iso)
  return ukMoment(iso)
}

export function describeNotification(m: StoredEnquiry): string {
  const n = m.notification
  const tries = n.attempts.length
  const attempts = `${tries} attempt${tries === 1 ? '' : 's'}`
  if (n.status === 'sent')
    return `sent ${formatDate(n.sentAt ?? n.attempts.at(-1)?.at)}${tries > 1 ? ` (after ${attempts})` : ''}`
  if (n.status === 'disabled') return 'not e-mailed (e-mail was not set up when it arrived)'
  const last = [...n.attempts].reverse().find((a) => !a.ok)
  const parts = [`pending, ${attempts}`]
  if (last?.error) parts.push(`last error: ${field(last.error)}`)
  if (n.nextAttemptAt) parts.push(`next try ${formatDate(n.nextAttemptAt)}`)
  return parts.join('; ')
}

/** Newest first, by createdAt (ISO 8601 sorts as text; unparsable dates last). */
export function newestFirst(enquiries: readonly StoredEnquiry[]): StoredEnquiry[] {
  const time = (m: StoredEnquiry) => {
    const t = Date.parse(m.createdAt)
    return Number.isNaN(t) ? -Infinity : t
  }
  return [...enquiries].sort((a, b) => time(b) - time(a))
}

/** A bar before every message line, so no line can look like a field. */
export function formatEnquiry(m: StoredEnquiry): string {
  const body = showInvisible(m.message.replace(/\r\n/g, '\n'), { lineBreaks: 'keep' })
    .split('\n')
    .map((line) => `  │ ${line}`)
    .join('\n')
  return [
    formatDate(m.createdAt),
    `  Name:     ${field(`${m.firstName} ${m.lastName}`)}`,
    `  E-mail:   ${field(m.email)}`,
    `  Subject:  ${field(subjectLabel(m.subject))}`,
    `  Notified: ${describeNotification(m)}`,
    ...(m.likelySpam ? [`  Likely spam: ${field(m.likelySpam)}`] : []),
    `  Id:       ${field(m.id)}`,
    `  Message:`,
    body,
  ].join('\n')
}

export function formatReport(enquiries: readonly StoredEnquiry[], options: { unsent: boolean }): string {
  const chosen = newestFirst(options.unsent ? enquiries.filter(isUnsent) : enquiries)
  const unsent = enquiries.filter(isUnsent).length
  const summary = options.unsent
    ? `${chosen.length} of ${enquiries.length} enquir${enquiries.length === 1 ? 'y' : 'ies'} not e-mailed.`
    : `${enquiries.length} ` +
      `enquir${enquiries.length === 1 ? 'y' : 'ies'}${unsent ? `, ${unsent} not e-mailed` : ''}. ` +
      `Newest first.`
  if (chosen.length === 0)
    return `${summary}\n${options.unsent ? 'Every enquiry has been e-mailed.' : 'No enquiries yet.'}\n`
  const rule = '-'.repeat(72)
  return `${summary}\n\n${chosen.map(formatEnquiry).join(`\n${rule}\n`)}\n`
}

/** A dated file that cannot be read is named in `problems`; an unreadable data file throws. */
export async function readEnquiries(
  file: string,
): Promise<{ enquiries: StoredEnquiry[]; skipped: number; problems: string[] }> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`There is no data file at ${file}. Run this in the shop's folder, or set DATA_FILE or --file.`, {
        cause: err,
      })
    }
    throw new Error(`Cannot read ${file}: ${(err as Error).message}`, { cause: err })
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    throw new Error(`${file} is not valid JSON (${(err as Error).message}).`, { cause: err })
  }
  const list = (data as { messages?: unknown })?.messages
  if (!Array.isArray(list)) throw new Error(`${file} has no "messages" list.`)
  const enquiries: StoredEnquiry[] = []
  let skipped = 0
  for (const item of list) {
    const parsed = v.safeParse(StoredEnquirySchema, item)
    if (parsed.success) enquiries.push(parsed.output)
    else skipped++
  }
  const seen = new Set(enquiries.map((m) => m.id))
  const problems: string[] = []
  for (const dated of await listDatedFiles(file)) {
    try {
      for (const m of await readDatedFile(dated.file)) if (!seen.has(m.id)) enquiries.push(m)
    } catch (err) {
      problems.push(`${(err as Error).message} Its enquiries are not listed.`)
    }
  }
  return { enquiries, skipped, problems }
}

export async function main(argv: readonly string[], out: Out, err: Out): Promise<number> {
  let options: Options
  try {
    options = parseArgs(argv)
  } catch (e) {
    err(`${(e as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (options.help) {
    out(`${USAGE}\n`)
    return 0
  }
  const file = await shopDataFile(options.file, err)
  if (options.command) return runCommand(file, options.command, out, err)
  try {
    const { enquiries: all, skipped, problems } = await readEnquiries(file)
    const spam = (m: StoredEnquiry) => m.likelySpam !== undefined
    const enquiries = options.spam
      ? all.filter(spam)
      : all.filter((m) => (m.archived === true) === options.archived && !spam(m))
    out(formatReport(enquiries, options))
    const archived = all.filter((m) => m.archived === true && !spam(m)).length
    const suspected = all.filter(spam).length
    if (!options.archived && !options.spam && archived > 0)
      out(`(${archived} archived not listed: npm run messages -- --archived)\n`)
    if (!options.spam && suspected > 0)
      out(`(${suspected} marked as likely spam not listed: npm run messages -- --spam)\n`)
    if (skipped)
      err(`${skipped} entr${skipped === 1 ? 'y' : 'ies'} in "messages" could not be read and were left out.\n`)
    for (const problem of problems) err(`${problem}\n`)
    return 0
  } catch (e) {
    err(`${(e as Error).message}\n`)
    return 1
  }
}

const DONE: Record<Command['op'], (id: string, file: string) => string> = {
  archive: (id) =>
    `Enquiry ${id} archived: it is no longer listed (npm run messages -- ` +
    `--archived shows it) nor e-mailed, and stays in the data file.`,
  unarchive: (id) => `Enquiry ${id} is listed again.`,
  delete: (id, file) => `Enquiry ${id} deleted for good from ${file}.`,
}

/** archive, unarchive or delete: through the server holding the file, or on the file itself when none does. */
export async function runCommand(file: string, command: Command, out: Out, err: Out): Promise<number> {
  let result: { ok: boolean; error?: string }
  try {
    const asked = await askHolder(file, command)
    if (asked) {
      result = (asked.answer as { ok: boolean; error?: string } | null) ?? {
        ok: false,
        error: 'The running server gave no answer.',
      }
    } else {
      const store = await openStore(file, { watch: false })
      try {
        if (command.op === 'delete') await store.deleteEnquiry(command.id)
        else await store.setArchived(command.id, command.op === 'archive')
        result = { ok: true }
      } catch (e) {
        if (!(e instanceof UnknownEnquiryError)) throw e
        result = { ok: false, error: e.message }
      } finally {
        await store.close()
      }
    }
  } catch (e) {
    result = { ok: false, error: e instanceof DataFileError ? e.message : `${(e as Error).message}` }
  }
  if (!result.ok) {
    err(`${result.error ?? 'It did not work.'}\n`)
    return 1
  }
  out(`${DONE[command.op](command.id, file)}\n`)
  return 0
}

runWhenStarted(import.meta.url, main)
