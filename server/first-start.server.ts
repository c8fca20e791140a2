import { isIP } from 'node:net'
import type { Logger } from 'pino'
import type { Config } from './config/config.server.ts'
import type { LogFormat } from './logger.server.ts'

/** What the owner needs to know once the site listens: where it is, what it holds, what is set up. */
export type StartFacts = {
  port: number
  /** The listen address as configured (HOST), or the default: '::' (all interfaces) or 'localhost' (dev). */
  host: string
  mode: 'production' | 'development'
  dataFile: string
  /** The data file did not exist: it was just made from the seed catalogue. */
  createdFromSeed: boolean
  products: number
  /** The `.env` file read at start, if any. */
  settingsFile: string | undefined
  config: Pick<Config, 'adminPassword' | 'smtpUrl' | 'mailTo' | 'openaiApiKey' | 'siteUrl'>
}

const ALL_INTERFACES = new Set(['::', '0.0.0.0', '::0', '0:0:0:0:0:0:0:0'])

/** Whether the site answers only on this machine (HOST=127.0.0.1, localhost, ::1). */
const onlyHere = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.')

/** The address to open in a browser: localhost when the site listens there, else the address HOST names. */
export function addressToOpen({ host, port }: Pick<StartFacts, 'host' | 'port'>): string {
  if (ALL_INTERFACES.has(host) || host === 'localhost') return `http://localhost:${port}`
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`
}

/**
 * The first lines the owner reads, in plain words (the settings named once, after what they do). The
 * first line starts "Serving on", as tools waiting for the server look for it.
 */
export function startLines(facts: StartFacts): string[] {
  const open = addressToOpen(facts)
  const { config } = facts
  const first = ALL_INTERFACES.has(facts.host)
    ? [
        `Serving on ${open} (${facts.mode}): open it in a browser on this machine.`,
        "It listens on all network interfaces, so others reach it at this machine's address; " +
          'HOST=127.0.0.1 keeps it to this machine.',
      ]
    : [`Serving on ${open} (${facts.mode}), ${onlyHere(facts.host) ? 'on this machine only' : `on ${facts.host}`}.`]
  const data = facts.createdFromSeed
    ? `Data: ${facts.dataFile}, just created from the seed catalogue (${facts.products} products). ` +
      `Back up the folder it is in.`
    : `Data: ${facts.dataFile} (${facts.products} products).`
  const workspace = config.adminPassword
    ? `Workspace: ${open}/admin asks for user "admin" and the password set in ADMIN_PASSWORD.`
    : `Workspace: ${open}/admin opens only in a browser on this machine. Set ADMIN_PASSWORD ` +
      `(12 characters or more) to open it from anywhere, as user "admin".`
  const mail = config.smtpUrl
    ? `E-mail is set up: enquiries are e-mailed to ${config.mailTo}.`
    : `E-mail is not set up: enquiries are saved but not e-mailed. Set SMTP_URL to have them e-mailed to ` +
      `${config.mailTo}.`
  const images = config.openaiApiKey
    ? 'Image generation is set up: the workspace can make product photographs.'
    : 'Image generation is not set up: the workspace cannot make product photographs. Set OPENAI_API_KEY to turn it on.'
  // Without it, links a search engine keeps (canonical, sitemap, feed) name whatever host was asked for.
  const address = config.siteUrl
    ? [
        `Address: pages, the sitemap and the feed name ${config.siteUrl} (SITE_URL); requests for other hosts are refused.`,
      ]
    : facts.mode === 'production'
      ? [
          "Address: SITE_URL is not set, so pages, the sitemap and the feed name each request's own host. " +
            "Set SITE_URL to the shop's address (https://...) before it goes live.",
        ]
      : []
  const settings = facts.settingsFile
    ? `Settings: the environment, then ${facts.settingsFile}.`
    : 'Settings: the environment (copy .env.example to .env to keep them in a file).'
  return [...first, data, workspace, mail, images, ...address, settings]
}

/** On a terminal, the lines as they are; for a log collector, one JSON line with the facts beside them. */
export function announceStart(
  facts: StartFacts,
  format: LogFormat,
  logger: Logger,
  out: { write(text: string): unknown } = process.stdout,
): void {
  const [first, ...rest] = startLines(facts)
  if (format === 'text') return void out.write(`${[first, ...rest.map((l) => `  ${l}`)].join('\n')}\n`)
  const { config, ...plain } = facts
  logger.info(
    {
      ...plain,
      adminPassword: Boolean(config.adminPassword),
      email: Boolean(config.smtpUrl),
      imageGeneration: Boolean(config.openaiApiKey),
    },
    [first, ...rest].join(' '),
  )
}
