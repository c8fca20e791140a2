import type { Logger } from 'pino'
import { StoreWriteError, type Store } from '../../data/store.server.ts'
import type { Notification, StoredEnquiry } from '../../data/enquiry.server.ts'
import { buildEnquiryMail, headerSafe, type OwnerMail } from './enquiry-mail.server.ts'

/**
 * The data file is the queue (`notification.status`, backoff), so a
 * crash loses nothing; sending never happens on the visitor's request.
 * Paid orders are a second queue (their own file), sent the same way.
 */

export type RetryPolicy = {
  /** Wait after the first failed attempt. */
  firstDelayMs: number
  /** Each further failure multiplies the wait by this... */
  factor: number
  /** ...up to this ceiling; retries go on at this pace until the message is sent. */
  maxDelayMs: number
}

/** One minute, then 2, 4, 8... capped at an hour: quick for a blip, gentle for a long outage. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 60_000, factor: 2, maxDelayMs: 60 * 60_000 }

export type MailOutboxOptions = {
  store: Store
  logger: Logger
  smtpUrl: string | undefined
  mailTo: string
  mailFrom: string
  retry?: Partial<RetryPolicy>
  /** Messages sent at once (a burst of enquiries must not open hundreds of SMTP connections). */
  concurrency?: number
  /** SMTP connection, greeting and socket timeouts, so a hung server cannot hold a send forever. */
  timeoutMs?: number
}

/** The wait before the next attempt, after `failures` failed attempts in a row (1, 2, 3...). */
export function retryDelay(failures: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const n = Math.max(1, failures)
  return Math.min(policy.maxDelayMs, Math.round(policy.firstDelayMs * policy.factor ** (n - 1)))
}

type Transport = { sendMail: (mail: OwnerMail) => Promise<unknown>; close: () => void }

/** Something the owner is e-mailed about, with the state of that e-mail. */
type Mailed = { readonly id: string; readonly notification: Notification }

/**
 * A list of things the owner is e-mailed about (enquiries; paid orders), kept where the list is kept:
 * what waits, the e-mail of one, and how a new notification state is written (StoreWriteError when it cannot be).
 */
export type MailQueue = {
  /** 'enquiry', 'order': the log's field and words. */
  name: string
  waiting(): readonly Mailed[]
  /** The e-mail of one waiting now, or null when it no longer waits. */
  mailOf(id: string, addresses: { from: string; to: string }): OwnerMail | null
  record(id: string, change: (n: Notification) => Notification): Promise<void>
}

export class MailOutbox {
  readonly enabled: boolean
  private readonly retry: RetryPolicy
  private readonly concurrency: number
  private transport: Transport | null = null
  private timer: NodeJS.Timeout | null = null
  private unsubscribe: (() => void) | null = null
  private readonly inFlight = new Map<string, Promise<void>>()
  /** Not before this time (ms), per queue and item: guards against a tight loop if the file cannot be written. */
  private readonly notBefore = new Map<string, number>()
  /** Sent, but its file could not record it: never send these again, keep trying to record. */
  private readonly sentUnrecorded = new Map<string, string>()
  private started = false
  private stopped = false
  private readonly queues: MailQueue[]

  constructor(private readonly options: MailOutboxOptions) {
    this.enabled = Boolean(options.smtpUrl)
    this.retry = { ...DEFAULT_RETRY, ...options.retry }
    this.concurrency = Math.max(1, options.concurrency ?? 2)
    this.queues = [enquiryQueue(options.store)]
  }

  /** Sends this queue's e-mails too, in turn with the enquiries', with the same retries. */
  add(queue: MailQueue): void {
    this.queues.push(queue)
  }

  /** The notification state a new enquiry is saved with. */
  initialNotification(now = new Date()): Notification {
    return this.enabled
      ? { status: 'pending', attempts: [], nextAttemptAt: now.toISOString(), sentAt: null }
      : { status: 'disabled', attempts: [] }
  }

  /** Starts the outbox: sends whatever was left pending (after a crash, an outage, a restart). */
  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    const pending = this.queues[0]!.waiting().length
    if (!this.enabled) {
      if (pending > 0) {
        this.options.logger.warn(
          { pending },
          `${pending} enquiries wait to be e-mailed but SMTP_URL is not set; they ` +
            `stay saved. Set SMTP_URL to send them, or read them with npm run ` +
            `messages.`,
        )
      }
      return
    }
    const { smtpUrl } = this.options
    const timeout = this.options.timeoutMs ?? 20_000
    // Loaded here, not at every start: a shop without SMTP_URL never needs it.
    const { default: nodemailer } = await import('nodemailer')
    if (this.stopped) return
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    }) as unknown as Transport
    if (pending > 0) this.options.logger.info({ pending }, `Retrying ${pending} enquiry e-mails left unsent`)
    // An owner's edit of the data file may bring enquiries to send (or archive some): look again.
    this.unsubscribe = this.options.store.onChange(() => this.pump())
    this.pump()
  }

  /** Schedules a pass after the current answer is written, and never waits for it. */
  deliverSoon(): void {
    if (!this.enabled || this.stopped || !this.started) return
    setImmediate(() => this.pump())
  }

  /** Due now whatever its backoff said; never for one already sent or archived. */
  async sendAgain(id: string): Promise<'queued' | 'sent' | 'archived' | 'unknown' | 'off'> {
    if (!this.enabled) return 'off'
    const { store } = this.options
    const enquiry = await store.findEnquiry(id)
    if (!enquiry) return 'unknown'
    if (enquiry.notification.status === 'sent' || this.sentUnrecorded.has(`enquiry:${id}`)) return 'sent'
    if (enquiry.archived === true) return 'archived'
    this.notBefore.delete(`enquiry:${id}`)
    const now = new Date().toISOString()
    await store.updateEnquiry(id, (m) =>
      m.notification.status === 'sent'
        ? m
        : { ...m, notification: { ...m.notification, status: 'pending', nextAttemptAt: now } },
    )
    this.deliverSoon()
    return 'queued'
  }

  /** One cut short stays pending and goes at the next start: the owner may get it twice, never not at all. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true
    this.unsubscribe?.()
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    let grace: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise<void>((resolve) => {
        grace = setTimeout(resolve, graceMs)
        grace.unref()
      }),
    ])
    clearTimeout(grace)
    this.transport?.close()
    this.transport = null
  }

  private dueAt(key: string, m: Mailed): number {
    if (this.sentUnrecorded.has(key)) return this.notBefore.get(key) ?? 0
    const planned = m.notification.nextAttemptAt ? Date.parse(m.notification.nextAttemptAt) : 0
    return Math.max(Number.isNaN(planned) ? 0 : planned, this.notBefore.get(key) ?? 0)
  }

  /** Starts the e-mail of every due item (up to the concurrency), then sleeps until the next one is due. */
  private pump(): void {
    if (this.stopped || !this.transport) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const now = Date.now()
    let next = Infinity
    for (const queue of this.queues) {
      for (const m of queue.waiting()) {
        const key = keyOf(queue, m.id)
        if (this.inFlight.has(key)) continue
        const due = this.dueAt(key, m)
        if (due > now) {
          next = Math.min(next, due)
        } else if (this.inFlight.size < this.concurrency) {
          const run = this.attempt(queue, m.id).finally(() => {
            this.inFlight.delete(key)
            this.pump()
          })
          this.inFlight.set(key, run)
        }
        // else: due but no free slot; the pump after a send finishes picks it up.
      }
    }
    if (next < Infinity) {
      // setTimeout cannot wait longer than ~24.8 days; wake up at least hourly anyway.
      const wait = Math.min(Math.max(0, next - now), 60 * 60_000)
      this.timer = setTimeout(() => this.pump(), wait)
      this.timer.unref()
    }
  }

  private async attempt(queue: MailQueue, id: string): Promise<void> {
    const { logger } = this.options
    const transport = this.transport
    const key = keyOf(queue, id)
    const item = queue.waiting().find((m) => m.id === id)
    if (!transport || !item) return

    const sentAt = this.sentUnrecorded.get(key)
    if (sentAt) return this.record(queue, id, (n) => sentState(n, sentAt), sentAt)

    const mail = queue.mailOf(id, { from: this.options.mailFrom, to: this.options.mailTo })
    if (!mail) return
    const at = new Date().toISOString()
    try {
      await transport.sendMail(mail)
    } catch (err) {
      const failures = consecutiveFailures(item.notification) + 1
      const delay = retryDelay(failures, this.retry)
      const nextAttemptAt = new Date(Date.now() + delay).toISOString()
      this.notBefore.set(key, Date.now() + delay)
      const error = describeSmtpError(err)
      logger.warn(
        { [queue.name]: id, attempt: item.notification.attempts.length + 1, nextAttemptAt, error },
        `${capitalised(queue.name)} e-mail not sent; will retry`,
      )
      await this.record(queue, id, (n) => ({
        ...n,
        status: 'pending',
        attempts: [...n.attempts, { at, ok: false, error }],
        nextAttemptAt,
      }))
      return
    }
    this.notBefore.delete(key)
    logger.info({ [queue.name]: id }, `${capitalised(queue.name)} e-mailed to the owner`)
    await this.record(queue, id, (n) => sentState(n, at), at)
  }

  /**
   * When the disk refuses, waits before retrying, and a message that did
   * go out is remembered as sent so the owner is never mailed twice.
   */
  private async record(
    queue: MailQueue,
    id: string,
    change: (n: Notification) => Notification,
    sentAt?: string,
  ): Promise<void> {
    const key = keyOf(queue, id)
    try {
      await queue.record(id, change)
      if (sentAt) {
        this.sentUnrecorded.delete(key)
        this.notBefore.delete(key)
      }
    } catch (err) {
      if (!(err instanceof StoreWriteError)) throw err
      this.options.logger.error(
        { [queue.name]: id, err },
        `Could not record the e-mail attempt ${queue.name === 'enquiry' ? 'in the data file' : `of ${queue.name} ${id}`}; will try again`,
      )
      this.notBefore.set(key, Math.max(this.notBefore.get(key) ?? 0, Date.now() + this.retry.firstDelayMs))
      if (sentAt) this.sentUnrecorded.set(key, sentAt)
    }
  }
}

const keyOf = (queue: MailQueue, id: string) => `${queue.name}:${id}`
const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`

function sentState(n: Notification, at: string): Notification {
  return { ...n, status: 'sent', attempts: [...n.attempts, { at, ok: true }], nextAttemptAt: null, sentAt: at }
}

/** The enquiries of the data file: the outbox's first queue. */
function enquiryQueue(store: Store): MailQueue {
  const waiting = () => store.enquiries.filter(awaitsMail)
  return {
    name: 'enquiry',
    waiting,
    mailOf: (id, addresses) => {
      const enquiry = store.enquiries.find((m) => m.id === id)
      return enquiry && awaitsMail(enquiry) ? buildEnquiryMail(enquiry, addresses) : null
    },
    record: (id, change) => store.updateEnquiry(id, (m) => ({ ...m, notification: change(m.notification) })),
  }
}

/** Waiting to be e-mailed: pending, and not archived by the owner (dealt with already). */
function awaitsMail(m: StoredEnquiry): boolean {
  return m.notification.status === 'pending' && m.archived !== true
}

function consecutiveFailures(n: Notification): number {
  let count = 0
  for (let i = n.attempts.length - 1; i >= 0 && !n.attempts[i]!.ok; i--) count++
  return count
}

/** A short, readable reason for the owner: the SMTP reply when there is one. No credentials. */
function describeSmtpError(err: unknown): string {
  const e = err as { message?: string; code?: string; responseCode?: number; response?: string }
  const base = e?.response ? `${e.response}` : (e?.message ?? String(err))
  const code = e?.code && !base.includes(e.code) ? ` (${e.code})` : ''
  return headerSafe(`${base}${code}`).slice(0, 500)
}
