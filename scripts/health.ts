/**
 * `npm run health [-- --file path] [-- --json]` (README.md): asks the server holding
 * the lock; without one reads the files alone. Exit 1 when something needs the owner.
 */
import { readFile } from 'node:fs/promises'
import { checkDataText, type Data, type DataProblem } from '../data/check.server.ts'
import { askHolder } from '../data/lock.server.ts'
import type { Store } from '../data/store.server.ts'
import { HEALTH_STATUS_LABELS, type ShopHealth } from '../domain/shop-health.ts'
import { mediaDirFor } from '../server/config/paths.server.ts'
import { DailyImageLimit } from '../server/services/images/daily-limit.server.ts'
import { missingPhotoCheck } from '../server/services/served-photo.server.ts'
import { appVersion, shopHealth } from '../server/services/shop-health.server.ts'
import { ukTime } from '../server/services/enquiry-state.server.ts'
import { shopDataFile } from '../server/running-server.server.ts'
import { runWhenStarted, type Out } from './cli.ts'

const USAGE = `Usage: npm run health [-- --file path/to/db.json] [-- --json]
  How the shop is doing: the server, mail, the data file, disk space, the image budget, snapshots.
  Exit code 0 when nothing needs you now, 1 when something does.`

const OVERALL = {
  ok: 'Everything is working.',
  attention: 'Working, with something worth a look.',
  problem: 'Something needs you now.',
} as const

function formatHealth(health: ShopHealth): string {
  const lines = [`Shop health: ${OVERALL[health.status]} (checked ${ukTime(health.checkedAt)}, UK time)`, '']
  for (const item of health.items) {
    lines.push(`[${HEALTH_STATUS_LABELS[item.status]}] ${item.title}: ${item.headline}`)
    for (const detail of item.details) lines.push(`    ${detail}`)
  }
  return `${lines.join('\n')}\n`
}

function isHealth(value: unknown): value is ShopHealth {
  return typeof value === 'object' && value !== null && Array.isArray((value as ShopHealth).items)
}

/**
 * What the files say when no server runs: no uptime, no probe of the folder, the limit as the server would count it.
 */
async function fromFiles(file: string, env: NodeJS.ProcessEnv): Promise<ShopHealth> {
  let data: Data | null = null
  let problem: DataProblem | null = null
  try {
    const checked = checkDataText(await readFile(file, 'utf8'), file)
    if (checked.ok) data = checked.data
    else problem = checked.problem
  } catch (e) {
    problem = { message: `Cannot read ${file}: ${(e as Error).message}` }
  }
  const limit = Number(env.IMAGE_DAILY_LIMIT)
  // The limit reads only the products and the runs: the file's data stands in for the store.
  const allowance = data
    ? new DailyImageLimit(
        { data, products: data.products } as unknown as Store,
        Number.isSafeInteger(limit) && limit > 0 ? limit : undefined,
      ).allowance()
    : null
  return shopHealth({
    dataFile: file,
    data,
    problem,
    writable: null,
    mailConfigured: Boolean(env.SMTP_URL?.trim()),
    allowance,
    imagesConfigured: Boolean(env.OPENAI_API_KEY?.trim()),
    photoMissing: missingPhotoCheck(mediaDirFor(file)),
    server: { running: false, version: await appVersion() },
  })
}

export async function main(
  argv: readonly string[],
  out: Out,
  err: Out,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let file = env.DATA_FILE?.trim() ?? ''
  let json = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') {
      out(`${USAGE}\n`)
      return 0
    } else if (arg === '--json') json = true
    else if (arg === '--file' && argv[i + 1]) file = argv[++i]!
    else if (arg.startsWith('--file=')) file = arg.slice('--file='.length)
    else if (arg !== '--') {
      err(`Unknown option ${arg}.\n${USAGE}\n`)
      return 2
    }
  }
  const abs = await shopDataFile(file, err)
  let health: ShopHealth
  try {
    const asked = await askHolder(abs, { op: 'health' })
    health = asked && isHealth(asked.answer) ? asked.answer : await fromFiles(abs, env)
    if (asked && !isHealth(asked.answer)) {
      health.items[0] = {
        ...health.items[0]!,
        headline:
          `A server (pid ${asked.pid ?? 'unknown'}) holds the data file but did ` +
          `not answer: restart it to run this version.`,
      }
    }
  } catch (e) {
    err(`Cannot ask the running server: ${(e as Error).message}\n`)
    health = await fromFiles(abs, env)
  }
  out(json ? `${JSON.stringify(health, null, 2)}\n` : formatHealth(health))
  return health.status === 'problem' ? 1 : 0
}

runWhenStarted(import.meta.url, main)
