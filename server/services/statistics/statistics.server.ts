import { hash, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import { forgetBrowsers, type Device } from './browser-kind.ts'
import { addBounded, addOne, emptyDay, mergeInto, type DayTotals, type OpenDimension } from './day-totals.ts'
import { noStatistics, rollUp, type StatisticsData } from './kept-days.ts'
import { readStatistics, writeStatistics } from './statistics-file.server.ts'

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

/** Hashes of the day's visitors held at most: a flood of made-up browsers stops adding visitors, not views. */
const MAX_SEEN = 500_000

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
  private readonly seen = new Set<string>()
  private changed = false
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
    const page = day.pages.get(view.page) ?? { views: 0, visitors: 0 }
    day.pages.set(view.page, page)
    day.views++
    page.views++
    if (this.firstTime(visitor)) day.visitors++
    if (this.firstTime(`${visitor} ${view.page}`)) page.visitors++
    addOne(day.devices, view.device)
    if (view.referrer) addBounded(day.referrers, view.referrer)
    if (view.campaign.sources) addBounded(day.sources, view.campaign.sources)
    if (view.campaign.mediums) addBounded(day.mediums, view.campaign.mediums)
    if (view.campaign.campaigns) addBounded(day.campaigns, view.campaign.campaigns)
    this.changed = true
  }

  /** An order sent on to the payment page for this (published) product. */
  handoff(productId: string): void {
    if (!this.enabled) return
    addOne(this.day().handoffs, productId)
    this.changed = true
  }

  /** Writes the counts when they changed; one write at a time. */
  save(): Promise<void> {
    this.day() // past midnight, the salt and the day's hashes go even when nobody visits
    if (!this.changed || !this.saveable) return this.saving
    this.changed = false
    rollUp(this.data, this.today)
    this.saving = this.saving.then(() =>
      writeStatistics(this.options.file, this.data).catch((err: unknown) => {
        this.changed = true
        this.options.logger.error(
          { err, file: this.options.file },
          'The statistics could not be written; trying again in a minute.',
        )
      }),
    )
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
        this.seen.clear()
        forgetBrowsers()
      }
    }
    let day = this.data.days.get(this.today)
    if (!day) this.data.days.set(this.today, (day = emptyDay()))
    return day
  }

  private visitorHash(address: string, userAgent: string): string {
    return hash('sha256', `${this.salt}${address}\n${userAgent}`, 'base64url')
  }

  private firstTime(key: string): boolean {
    if (this.seen.has(key) || this.seen.size >= MAX_SEEN) return false
    this.seen.add(key)
    return true
  }
}

/** 32 random bytes, as text for the one-shot hash. */
const newSalt = () => randomBytes(32).toString('base64')
