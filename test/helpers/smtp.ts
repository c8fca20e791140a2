import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  /** Envelope: MAIL FROM and RCPT TO, as the SMTP server saw them. */
  mailFrom: string
  rcptTo: string[]
  raw: string
  /** Unfolded headers, lower-case names; repeated headers keep every value. */
  headers: Map<string, string[]>
  /** Decoded bodies of the text/plain and text/html parts. */
  text: string
  html: string
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) standing in for the owner's mail
 * provider. `mode` decides what it does with the next message: take it, refuse it with a
 * temporary error, or hold it for a while before taking it.
 */
export class FakeSmtp {
  mode: 'accept' | 'refuse' | { holdMs: number } = 'accept'
  readonly received: ReceivedMail[] = []
  /** Messages refused or cut off, for counting attempts. */
  refused = 0
  port = 0
  private server: SMTPServer | null = null
  private waiters: { n: number; resolve: () => void }[] = []

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const mode = this.mode
          if (mode === 'refuse') {
            this.refused++
            const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number }
            err.responseCode = 451
            return callback(err)
          }
          const deliver = () => {
            const raw = Buffer.concat(chunks).toString('utf8')
            this.received.push({
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
              ...parseMime(raw),
            })
            callback()
            this.notify()
          }
          if (typeof mode === 'object') setTimeout(deliver, mode.holdMs)
          else deliver()
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.port = (server.server.address() as AddressInfo).port
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Resolves once `n` messages in all have been received. */
  waitForMails(n: number, timeoutMs = 10_000): Promise<void> {
    if (this.received.length >= n) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Timed out waiting for ${n} mails (got ${this.received.length})`)),
        timeoutMs,
      )
      this.waiters.push({
        n,
        resolve: () => {
          clearTimeout(timer)
          resolve()
        },
      })
    })
  }

  private notify() {
    this.waiters = this.waiters.filter((w) => {
      if (this.received.length < w.n) return true
      w.resolve()
      return false
    })
  }
}

function parseHeaders(block: string): Map<string, string[]> {
  const headers = new Map<string, string[]>()
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':')
    if (i <= 0) continue
    const name = line.slice(0, i).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), line.slice(i + 1).trim()])
  }
  return headers
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase()
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') {
    // Literal % first, then each =XX byte as %XX: one percent-decoding gives the UTF-8 text.
    const escaped = body
      .replace(/=\r\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`)
    return decodeURIComponent(escaped)
  }
  return body
}

/** Just enough MIME for our own notifications: headers, and the text and HTML parts. */
export function parseMime(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const split = raw.indexOf('\r\n\r\n')
  const headers = parseHeaders(raw.slice(0, split))
  const body = raw.slice(split + 4)
  let text = ''
  let html = ''
  const type = headers.get('content-type')?.[0] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => {
          const s = p.replace(/^\r\n/, '')
          const j = s.indexOf('\r\n\r\n')
          return { headers: parseHeaders(s.slice(0, j)), body: s.slice(j + 4).replace(/\r\n$/, '') }
        })
    : [{ headers, body }]
  for (const part of parts) {
    const ct = part.headers.get('content-type')?.[0] ?? 'text/plain'
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding')?.[0]).replace(/\r\n/g, '\n')
    if (ct.startsWith('text/html')) html = decoded
    else if (ct.startsWith('text/plain')) text = decoded
  }
  return { headers, text, html }
}
