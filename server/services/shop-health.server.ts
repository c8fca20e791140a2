import { readdir, readFile, stat, statfs } from 'node:fs/promises'
import path from 'node:path'
import { unusableValues, type Data, type DataProblem } from '../../data/check.server.ts'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import type { ImageAllowance } from '../../domain/image-generation.ts'
import { ROOT } from '../config/paths.server.ts'
import { worstStatus, type HealthItem, type ShopHealth } from '../../domain/shop-health.ts'
import { photosOf } from '../../domain/product-page.ts'
import type { StoredProduct } from '../../domain/product.ts'
import { isPublished } from '../../domain/publishing.ts'
import { countsAsUnsent, isUnsent, plainReason, ukTime } from './enquiry-state.server.ts'

/** From the running server's view, or the files alone for `npm run health` with no server. */
export type HealthSource = {
  dataFile: string
  /** The last good data (the running server's; the file's when it is valid), or null. */
  data: Data | null
  /** Every enquiry the inbox lists (the dated files' too), so the counts agree; the data file's alone when absent. */
  enquiries?: readonly StoredEnquiry[]
  problem: DataProblem | null
  /** Whether the next write would succeed; null when not checked (no server running). */
  writable: boolean | null
  mailConfigured: boolean
  allowance: ImageAllowance | null
  imagesConfigured: boolean
  /** Whether an address names a photograph of the site's own folders that is not there (served-photo.server.ts). */
  photoMissing: (src: string) => Promise<boolean>
  server: { running: true; startedAt: string; version: string; node: string } | { running: false; version: string }
}

let version: Promise<string> | undefined
/** The version in package.json: what is installed (and, for the running server, what it started with). */
export function appVersion(): Promise<string> {
  version ??= readFile(path.join(ROOT, 'package.json'), 'utf8').then(
    (text) => String((JSON.parse(text) as { version?: unknown }).version ?? 'unknown'),
    () => 'unknown',
  )
  return version
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400)
  const h = Math.floor((seconds % 86_400) / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  if (d > 0) return `${plural(d, 'day')}, ${plural(h, 'hour')}`
  if (h > 0) return `${plural(h, 'hour')}, ${plural(m, 'minute')}`
  return m > 0 ? plural(m, 'minute') : plural(Math.floor(seconds), 'second')
}

function serverItem(source: HealthSource): HealthItem {
  const s = source.server
  if (!s.running)
    return {
      key: 'server',
      title: 'Server',
      status: 'problem',
      headline: 'The server is not running.',
      details: [`Version ${s.version} is installed.`],
    }
  const uptime = (Date.now() - Date.parse(s.startedAt)) / 1000
  return {
    key: 'server',
    title: 'Server',
    status: 'ok',
    headline: `Running version ${s.version}, up for ${formatDuration(uptime)}.`,
    details: [`Started ${ukTime(s.startedAt)}; Node.js ${s.node}.`],
  }
}

/** The same count as the inbox's "not e-mailed", saying which enquiries it leaves out and how many there are in all. */
function unsentSentence(enquiries: readonly StoredEnquiry[]): string {
  const all = enquiries.filter(isUnsent).length
  const counted = enquiries.filter(countsAsUnsent).length
  const rest = all === counted ? '' : `; ${all.toLocaleString('en-GB')} in all`
  return (
    `${plural(counted, 'enquiry', 'enquiries')} not e-mailed, counted as ` +
    `Enquiries counts them (archived ones and spam left out${rest}).`
  )
}

function mailItem(enquiries: readonly StoredEnquiry[], configured: boolean): HealthItem {
  let lastOk = ''
  for (const m of enquiries) for (const a of m.notification.attempts) if (a.ok && a.at > lastOk) lastOk = a.at
  const waiting = enquiries.filter((m) => m.notification.status === 'pending' && m.archived !== true)
  const failing = waiting.filter((m) => m.notification.attempts.at(-1)?.ok === false)
  let since = ''
  let latest: { at: string; error?: string } | undefined
  for (const m of failing) {
    for (const a of m.notification.attempts) {
      if (a.ok || a.at <= lastOk) continue
      if (!since || a.at < since) since = a.at
      if (!latest || a.at > latest.at) latest = a
    }
  }
  const details = [
    lastOk ? `Last e-mail delivered ${ukTime(lastOk)}.` : 'No e-mail delivered yet.',
    unsentSentence(enquiries),
  ]
  if (!configured) {
    return {
      key: 'mail',
      title: 'Mail',
      status: 'attention',
      headline:
        'E-mail is not set up: enquiries are saved but not e-mailed to you. ' +
        "To have them e-mailed, set SMTP_URL to your mail server's address and restart the site.",
      details: [details[1]!, 'Read them under Enquiries.', details[0]!],
    }
  }
  if (failing.length > 0 && latest) {
    const said = latest.error ?? 'no reason given'
    return {
      key: 'mail',
      title: 'Mail',
      status: 'problem',
      headline: `Failing since ${ukTime(since || latest.at)}: ${plainReason(said)}.`,
      details: [`The mail server said: ${said}`, ...details],
    }
  }
  return {
    key: 'mail',
    title: 'Mail',
    status: waiting.length > 0 ? 'attention' : 'ok',
    headline: 'Set up: enquiries are e-mailed to you.',
    details,
  }
}

function dataFileItem(source: HealthSource): HealthItem {
  const name = path.basename(source.dataFile)
  const counts = source.data
    ? [
        `${plural(source.data.products.length, 'product')}, ` +
          `${plural(source.data.messages.length, 'enquiry', 'enquiries')}.`,
      ]
    : []
  if (source.problem) {
    const where = source.problem.line ? ` (line ${source.problem.line}, column ${source.problem.column})` : ''
    if (!source.server.running) {
      return {
        key: 'dataFile',
        title: 'Data file',
        status: 'problem',
        headline: `${name} cannot be used${where}: the server does not start until it is fixed.`,
        details: [source.problem.message],
      }
    }
    return {
      key: 'dataFile',
      title: 'Data file',
      status: 'problem',
      headline: `Your last edit of ${name} has a mistake${where}: the site shows the version before it.`,
      details: [source.problem.message, 'New enquiries are kept safe meanwhile; fix the file and save it again.'],
    }
  }
  if (source.writable === false) {
    return {
      key: 'dataFile',
      title: 'Data file',
      status: 'problem',
      headline: `${name} cannot be written: new enquiries are refused.`,
      details: ['Is the disk full, or the folder read-only?', ...counts],
    }
  }
  const unusable = source.data ? unusableValues(source.data, name) : []
  if (unusable.length > 0) {
    const first = unusable[0]!
    const more = unusable.length > 1 ? ` (and ${plural(unusable.length - 1, 'other value')})` : ''
    return {
      key: 'dataFile',
      title: 'Data file',
      status: 'problem',
      headline:
        `"${first.productName}" (${first.productId}) cannot be ordered: its ` +
        `field "${first.field}" has a value the site will not use${more}.`,
      details: [
        ...unusable.map((u) => u.message),
        'Every other product is served and ordered as usual; fix the value in the workspace or the file.',
        ...counts,
      ],
    }
  }
  return { key: 'dataFile', title: 'Data file', status: 'ok', headline: `${name} is valid.`, details: counts }
}

/** The photographs published products show that are not on the server (a hand edit's typo, a file lost). */
async function photosItem(source: HealthSource): Promise<HealthItem> {
  const title = 'Photographs'
  if (!source.data)
    return {
      key: 'photos',
      title,
      status: 'ok',
      headline: 'Not known while the data file cannot be read.',
      details: [],
    }
  // What each product's page shows: its main photograph and the others, looked for all at once.
  const shown = (source.data.products.filter(isPublished) as StoredProduct[]).flatMap((p) =>
    photosOf(p).map((src) => ({ p, src })),
  )
  const gone = await Promise.all(shown.map(({ src }) => source.photoMissing(src)))
  const missing = shown
    .filter((_, i) => gone[i])
    .map(({ p, src }) => `"${p.name}" (${p.id}): ${src} is not on the server.`)
  if (missing.length === 0)
    return {
      key: 'photos',
      title,
      status: 'ok',
      headline: "Every published product's photographs are on the server.",
      details: [],
    }
  return {
    key: 'photos',
    title,
    status: 'attention',
    headline:
      missing.length === 1
        ? 'A published product shows a photograph that is not on the server: visitors see a broken picture.'
        : `Published products show ${plural(missing.length, 'photograph')} not on the server: visitors see broken pictures.`,
    details: [
      ...missing.slice(0, MOST_LISTED),
      ...(missing.length > MOST_LISTED ? [`And ${plural(missing.length - MOST_LISTED, 'more')}.`] : []),
      "Choose another photograph on the product's page in the workspace, or correct the address in the data file.",
    ],
  }
}

/** At most this many missing photographs are named: the rest are counted. */
const MOST_LISTED = 10

async function diskItem(dataFile: string): Promise<HealthItem> {
  const dir = path.dirname(dataFile)
  try {
    const [space, file] = await Promise.all([statfs(dir), stat(dataFile).catch(() => null)])
    const free = space.bavail * space.bsize
    const total = space.blocks * space.bsize
    const share = total > 0 ? Math.round((free / total) * 100) : 0
    const needed = (file?.size ?? 0) + 64 * 1024
    const status = free < needed ? 'problem' : free < 500e6 || share < 10 ? 'attention' : 'ok'
    return {
      key: 'disk',
      title: 'Disk',
      status,
      headline: `${formatBytes(free)} free of ${formatBytes(total)} (${share}%) beside the data file.`,
      details: status === 'ok' ? [] : ['Free some space: the data file is rewritten whole at every change.'],
    }
  } catch (err) {
    return {
      key: 'disk',
      title: 'Disk',
      status: 'problem',
      headline: `Cannot look at the disk of ${dir}: ${(err as Error).message}`,
      details: [],
    }
  }
}

function imagesItem(source: HealthSource): HealthItem {
  const a = source.allowance
  const setUp = source.imagesConfigured
    ? []
    : [
        'Image generation is not set up: a run would fail. ' +
          'To turn it on, set OPENAI_API_KEY to your OpenAI key and restart the site.',
      ]
  if (!a)
    return {
      key: 'images',
      title: 'Image budget',
      status: 'ok',
      headline: 'Not known without the running server.',
      details: setUp,
    }
  const freed = a.nextFreedAt && a.left < a.limit ? [`More becomes free from ${ukTime(a.nextFreedAt)}.`] : []
  return {
    key: 'images',
    title: 'Image budget',
    status: a.left === 0 ? 'attention' : 'ok',
    headline:
      `${plural(a.used, 'image')} used in the last 24 hours, ` +
      `${plural(a.left, 'image')} left of ${a.limit.toLocaleString('en-GB')}.`,
    details: [...freed, ...setUp],
  }
}

async function snapshotItem(dataFile: string): Promise<HealthItem> {
  const dir = `${dataFile}.snapshots`
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort()
  const latest = names.at(-1)
  if (!latest)
    return {
      key: 'snapshot',
      title: 'Snapshots',
      status: 'ok',
      headline: 'No snapshot of the catalogue yet.',
      details: [],
    }
  const taken = await stat(path.join(dir, latest)).then(
    (s) => ukTime(s.mtime.toISOString()),
    () => 'unknown time',
  )
  return {
    key: 'snapshot',
    title: 'Snapshots',
    status: 'ok',
    headline: `Latest snapshot ${taken}: ${latest}.`,
    details: [`${plural(names.length, 'snapshot')} kept.`],
  }
}

export async function shopHealth(source: HealthSource): Promise<ShopHealth> {
  const enquiries = source.enquiries ?? source.data?.messages ?? []
  const items = [
    serverItem(source),
    mailItem(enquiries, source.mailConfigured),
    dataFileItem(source),
    await photosItem(source),
    await diskItem(source.dataFile),
    imagesItem(source),
    await snapshotItem(source.dataFile),
  ]
  return { checkedAt: new Date().toISOString(), status: worstStatus(items), items }
}
