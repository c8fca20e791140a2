import { hash, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import { forgetBrowsers, type Device } from './browser-kind.ts'
import {
  addBounded,
  addOne,
  emptyDay,
  mergeInto,
  OPEN_DIMENSIONS,
  type DayTotals,
  type OpenDimension,
} from './day-totals.ts'
import { DistinctCount } from './distinct-count.ts'
import { noStatistics, rollUp, type StatisticsData } from './kept-days.ts'
import { cleanName, DayNames, MAX_NAMES_PER_DAY, OTHER, OTHER_PRODUCTS } from './names.ts'
import { readStatistics, StatisticsText, writeStatistics } from './statistics-file.server.ts'

/** What one counted page view leaves: the page, and facts about the visit that are forgotten once counted. */
export type View = {
  page: string
  /** Only for today's visitor hash; never kept. */
  address: string
  userAgent: string
  device: Device
  /** The referring site's domain (never ours). */
  referrer?: string
  campaign: Partial<Record<Exclude<OpenDimension, 'referrers'>, string>>
}

export type StatisticsOptions = {
  file: string
  enabled: boolean
  /** How often counts held in memory go to the file, at most a minute (what a crash may lose). */
  writeEveryMs: number
  logger: Logger
  now?: () => number
}

/**
 * The day's visitors: exact up to 2,000, then estimated (typical error 0.8%), in 16 kB whatever arrives;
 * a page's exact up to 200, then estimated (1.6%) in 4 kB. See distinct-count.ts.
 */
const dayVisitors = () => new DistinctCount(14, 2000)
const pageVisitorCount = () => new DistinctCount(12, 200)

const ukDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The UK calendar day of a moment, as YYYY-MM-DD (the shop's day, summer time included). */
export const ukDay = (ms: number) => ukDate.format(ms)

/**
 * Daily totals counted in memory as pages are answered (a few Map updates, no I/O), written to the
 * statistics file every `writeEveryMs` when something changed and at shutdown. Visitors are told
 * apart by a hash salted with random bytes that live in memory for one day only, so no one can
 * follow a visitor from one day to the next, nor read one back from the file.
 */
export class Statistics {
  readonly enabled: boolean
  private data = noStatistics()
  private today = ''
  private checkDayAt = 0
  private salt = newSalt()
  private visitors = dayVisitors()
  /** One count per page of the day's list: at most MAX_NAMES_PER_DAY, and OTHER. */
  private readonly pageVisitors = new Map<string, DistinctCount>()
  private readonly names = Object.fromEntries(OPEN_DIMENSIONS.map((d) => [d, new DayNames()])) as Record<
    OpenDimension,
    DayNames
  >
  private changed = false
  private readonly text = new StatisticsText()
  private saving = Promise.resolve()
  /** False when the file could not be read: it is left as it is rather than replaced. */
  private saveable = true
  private timer: NodeJS.Timeout | undefined
  private readonly now: () => number

  constructor(private readonly options: StatisticsOptions) {
    this.enabled = options.enabled
    this.now = options.now ?? Date.now
  }

  async start(): Promise<void> {
    if (!this.enabled) return
    try {
      const kept = await readStatistics(this.options.file)
      // Counted before the file was read (the first requests) stays counted.
      for (const [date, day] of this.data.days) kept.days.set(date, mergeInto(kept.days.get(date) ?? emptyDay(), day))
      this.data = kept
    } catch (err) {
      this.saveable = false
      this.options.logger.error(
        { err, file: this.options.file },
        'The statistics file cannot be read; it is left as it is and new counts ' +
          'are not saved until it is mended or moved away.',
      )
    }
    this.timer = setInterval(() => void this.save(), this.options.writeEveryMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.save()
  }

  /** What was counted so far: the days (today's included) and the months the older days' detail went into. */
  totals(): Readonly<StatisticsData> {
    return this.data
  }

  view(view: View): void {
    if (!this.enabled) return
    const day = this.day()
    const visitor = this.visitorHash(view.address, view.userAgent)
    const path = cleanName(view.page) ?? OTHER
    // The site's own pages, a catalogue's worth: the first MAX_NAMES_PER_DAY of the day, the rest as one.
    const key = day.pages.has(path) || day.pages.size < MAX_NAMES_PER_DAY ? path : OTHER
    const page = day.pages.get(key) ?? { views: 0, visitors: 0 }
    day.pages.set(key, page)
    day.views++
    page.views++
    day.visitors += this.visitors.add(visitor)
    let visitors = this.pageVisitors.get(key)
    if (!visitors) this.pageVisitors.set(key, (visitors = pageVisitorCount()))
    page.visitors += visitors.add(visitor)
    addOne(day.devices, view.device)
    if (view.referrer) this.addName(day, 'referrers', view.referrer)
    if (view.campaign.sources) this.addName(day, 'sources', view.campaign.sources)
    if (view.campaign.mediums) this.addName(day, 'mediums', view.campaign.mediums)
    if (view.campaign.campaigns) this.addName(day, 'campaigns', view.campaign.campaigns)
    this.changed = true
  }

  private addName(day: DayTotals, dimension: OpenDimension, raw: string): void {
    const name = cleanName(raw)
    if (name !== undefined) this.names[dimension].add(day[dimension], name)
  }

  /** An order sent on to the payment page for this (published) product. */
  handoff(productId: string): void {
    if (!this.enabled) return
    addBounded(this.day().handoffs, productId, OTHER_PRODUCTS)
    this.changed = true
  }

  /**
   * Writes the counts when they changed; one write at a time. Its debug line says how long it held the
   * event loop (cutting the lists, making the text; in time and in CPU time, which the machine's other
   * work moves less) and how long the write took (the disk's flush included).
   */
  save(): Promise<void> {
    this.day() // past midnight, the salt and the day's hashes go even when nobody visits
    if (!this.changed || !this.saveable) return this.saving
    this.changed = false
    const started = performance.now()
    const cpu = process.cpuUsage()
    rollUp(this.data, this.today)
    const text = this.text.of(this.data)
    const heldMs = performance.now() - started
    const { user, system } = process.cpuUsage(cpu)
    this.saving = this.saving.then(async () => {
      const writing = performance.now()
      try {
        await writeStatistics(this.options.file, text)
        const writeMs = performance.now() - writing
        this.options.logger.debug(
          {
            heldMs: round(heldMs),
            heldCpuMs: round((user + system) / 1000),
            writeMs: round(writeMs),
            bytes: Buffer.byteLength(text),
          },
          'The statistics were written.',
        )
      } catch (err) {
        this.changed = true
        this.options.logger.error(
          { err, file: this.options.file },
          'The statistics could not be written; trying again in a minute.',
        )
      }
    })
    return this.saving
  }

  private day(): DayTotals {
    const now = this.now()
    if (now >= this.checkDayAt) {
      this.checkDayAt = now + 1000
      const today = ukDay(now)
      if (today !== this.today) {
        this.today = today
        this.salt = newSalt()
        this.visitors = dayVisitors()
        this.pageVisitors.clear()
        for (const names of Object.values(this.names)) names.clear()
        forgetBrowsers()
      }
    }
    let day = this.data.days.get(this.today)
    if (!day) this.data.days.set(this.today, (day = emptyDay()))
    return day
  }

  private visitorHash(address: string, userAgent: string): Buffer {
    // Node's one-shot hash gives bytes with 'buffer'; its types know only the text encodings.
    return hash('sha256', `${this.salt}${address}\n${userAgent}`, 'buffer') as unknown as Buffer
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10

/** 32 random bytes, as text for the one-shot hash. */
const newSalt = () => randomBytes(32).toString('base64')
