import * as v from 'valibot'
import { COMPANY } from '../../domain/business.ts'
import { IMAGE_CONCURRENCY } from '../../domain/image-generation.ts'
import type { DayRange } from '../../domain/merchant-listing.ts'

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)))

/** The shortest admin password accepted: long enough that guessing it, even unthrottled, is hopeless. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12

/** Values never repeated in an error message (it goes to the terminal and the service log). */
const SECRETS = new Set(['ADMIN_PASSWORD', 'OPENAI_API_KEY', 'SMTP_URL', 'STRIPE_WEBHOOK_SECRET'])

/**
 * Validated once at start-up (each variable in .env.example and
 * docs/api-and-data.md); a bad value stops the server naming the variable.
 */
const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'production'),
  PORT: v.pipe(
    v.optional(v.string(), '3000'),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.integer(),
    v.minValue(0, 'must be between 0 and 65535'),
    v.maxValue(65535, 'must be between 0 and 65535'),
  ),
  HOST: optionalText,
  DATA_FILE: v.pipe(v.optional(v.string(), 'data/db.json'), v.trim(), v.minLength(1, 'must not be empty')),
  SITE_URL: v.optional(v.pipe(v.string(), v.trim(), v.url('must be an absolute URL such as https://example.co.uk'))),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => /^smtps?:\/\/[^/]+/i.test(s), 'must look like smtp://user:pass@host:587 or smtps://...'),
    ),
  ),
  MAIL_TO: v.optional(v.pipe(v.string(), v.trim(), v.email('must be an e-mail address')), COMPANY.emails.enquiries),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(3, 'must be an e-mail address')),
    `${COMPANY.brand} website <${COMPANY.emails.enquiries}>`,
  ),
  OPENAI_API_KEY: optionalText,
  OPENAI_IMAGE_MODEL: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), 'gpt-image-1'),
  ADMIN_PASSWORD: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => [...s].length >= ADMIN_PASSWORD_MIN_LENGTH,
        `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long, so that ` +
          `it cannot be guessed: choose a longer one`,
      ),
    ),
  ),
  OPENAI_TIMEOUT_MS: v.pipe(
    v.optional(v.string(), '180000'),
    v.trim(),
    v.regex(/^[1-9]\d*$/, 'must be a whole number of milliseconds'),
    v.transform(Number),
  ),
  OPENAI_MAX_RETRIES: v.pipe(
    v.optional(v.string(), '2'),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number (0 turns retries off)'),
    v.transform(Number),
  ),
  IMAGE_CONCURRENCY: v.pipe(
    v.optional(v.string(), String(IMAGE_CONCURRENCY)),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'must be between 1 and 10'),
    v.maxValue(10, 'must be between 1 and 10'),
  ),
  IMAGE_DAILY_LIMIT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a whole number of images'),
      v.transform(Number),
      v.minValue(1, 'must be 1 or more (unset it for two full runs a day)'),
    ),
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      // Trusting every hop would let any visitor choose the address that rate limits and logs see.
      v.check(
        (s) => !/^(true|yes|on)$/i.test(s),
        'must say which proxies to trust: a hop count (1 for one proxy in front ' +
          'of the site) or their address or subnet ("loopback" for a proxy on this ' +
          'machine, "10.0.0.0/8"), never true',
      ),
      v.transform((s): false | number | string => {
        if (/^(false|no|off|)$/i.test(s)) return false
        if (/^\d+$/.test(s)) return Number(s)
        return s // an Express trust-proxy list such as "loopback" or "10.0.0.1"
      }),
    ),
    'false',
  ),
  CONTACT_RATE_LIMIT: v.pipe(
    v.optional(v.string(), '5'),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number (0 turns the limit off)'),
    v.transform(Number),
  ),
  // The signing secret Stripe shows for the shop's webhook endpoint; unset, the endpoint is not there (404).
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^whsec_[A-Za-z0-9]+$/,
        'must be the signing secret of your webhook endpoint in Stripe, starting with whsec_ (Developers, Webhooks)',
      ),
    ),
  ),
  // Unset: shopping listings give no delivery price rather than a wrong one; 0 is free delivery.
  DELIVERY_PRICE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,5}(\.\d{1,2})?$/, 'must be the delivery price in pounds, such as 4.95 (0 for free delivery)'),
      v.transform((s) => Number(s).toFixed(2)),
    ),
  ),
  // Unset: listings claim no time in the post. Business days, as the carrier states them ('1-3', '2').
  DELIVERY_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,2}(\s*-\s*\d{1,2})?$/, 'must be the time in the post in business days, such as 1-3 or 2'),
      v.transform((s): DayRange => {
        const [min, max = min] = s.split('-').map(Number) as [number, number?]
        return { min, max }
      }),
      v.check(({ min, max }) => min <= max, 'must give the shorter time first, such as 1-3'),
    ),
  ),
  STATISTICS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  STATISTICS_WRITE_SECONDS: v.pipe(
    v.optional(v.string(), '60'),
    v.trim(),
    v.regex(/^\d+$/, 'must be a whole number of seconds'),
    v.transform(Number),
    // A crash loses what was counted since the last write: never more than a minute.
    v.minValue(1, 'must be between 1 and 60'),
    v.maxValue(60, 'must be between 1 and 60'),
  ),
  // Unset: plain lines on a terminal, JSON lines otherwise (a service's log, a pipe).
  LOG_FORMAT: v.optional(v.picklist(['json', 'text'], 'must be json or text (unset: text on a terminal, else json)')),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'must be one of fatal, error, warn, info, debug, trace, silent',
    ),
    'info',
  ),
})

export type Config = {
  port: number
  host: string | undefined
  dataFile: string
  siteUrl: string | undefined
  smtpUrl: string | undefined
  mailTo: string
  mailFrom: string
  openaiApiKey: string | undefined
  imageModel: string
  adminPassword: string | undefined
  /** Images that may be generated per rolling 24 hours; undefined: two full runs of the catalogue. */
  imageDailyLimit: number | undefined
  /**
   * Image generation: per-request timeout and SDK retries (OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES), requests at once.
   */
  openaiTimeoutMs: number
  openaiMaxRetries: number
  imageConcurrency: number
  /** Express's 'trust proxy': false (unset), a hop count, or addresses and subnets; never true. */
  trustProxy: false | number | string
  /** Enquiries one client may post per 10 minutes; 0 turns the limit off (benchmarks). */
  contactRateLimit: number
  /** The `whsec_...` secret of the shop's Stripe webhook endpoint: turns on POST /api/payments/stripe. */
  stripeWebhookSecret: string | undefined
  /** Delivery in the United Kingdom, in pounds with two decimals ('4.95'); undefined when the owner set none. */
  deliveryPrice: string | undefined
  /** Time in the post in the United Kingdom, in business days (DELIVERY_DAYS); undefined when the owner set none. */
  deliveryDays: DayRange | undefined
  /** Page views counted at the server (STATISTICS=off turns counting off). */
  statistics: boolean
  /** How often the day's counts are written to the statistics file, in ms (at most a minute). */
  statisticsWriteMs: number
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** LOG_FORMAT; undefined: worked out from where the output goes (logger.server.ts). */
  logFormat: 'json' | 'text' | undefined
  isProduction: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty values count as unset, as they do in most .env files.
  const input = Object.fromEntries(
    Object.keys(EnvSchema.entries).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  )
  const result = v.safeParse(EnvSchema, input)
  if (!result.success) {
    const lines = result.issues.map((i) => {
      const name = v.getDotPath(i) ?? 'environment'
      const got = SECRETS.has(name) ? '' : ` (got ${JSON.stringify(i.input)})`
      return `${name} ${i.message}${got}`
    })
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`)
  }
  const e = result.output
  return {
    port: e.PORT,
    host: e.HOST,
    dataFile: e.DATA_FILE,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailTo: e.MAIL_TO,
    mailFrom: e.MAIL_FROM,
    openaiApiKey: e.OPENAI_API_KEY,
    imageModel: e.OPENAI_IMAGE_MODEL,
    adminPassword: e.ADMIN_PASSWORD,
    imageDailyLimit: e.IMAGE_DAILY_LIMIT,
    openaiTimeoutMs: e.OPENAI_TIMEOUT_MS,
    openaiMaxRetries: e.OPENAI_MAX_RETRIES,
    imageConcurrency: e.IMAGE_CONCURRENCY,
    trustProxy: e.TRUST_PROXY,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    deliveryPrice: e.DELIVERY_PRICE,
    deliveryDays: e.DELIVERY_DAYS,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    statistics: e.STATISTICS === 'on',
    statisticsWriteMs: e.STATISTICS_WRITE_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    isProduction: e.NODE_ENV !== 'development',
  }
}
