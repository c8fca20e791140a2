import pino, { type DestinationStream, type Logger } from 'pino'
import { ukClock } from '../domain/uk-time.ts'

/** JSON lines for a log collector (journald, Docker), or plain lines for a person at a terminal. */
export type LogFormat = 'json' | 'text'

/** Bodies are never logged (enquiries hold personal data) and credentials are redacted. */
export function createLogger(
  level: string,
  format: LogFormat = 'json',
  out: { write(text: string): unknown } = process.stdout,
): Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'body', 'req.body'],
      censor: '[redacted]',
    },
  }
  return format === 'json' ? pino(options) : pino(options, plainLines(out))
}

/** JSON unless LOG_FORMAT says otherwise: plain lines when a person reads the output. */
export function logFormatFor(configured: LogFormat | undefined, isTTY: boolean | undefined): LogFormat {
  return configured ?? (isTTY ? 'text' : 'json')
}

const LEVELS: Record<number, string> = { 40: 'Warning: ', 50: 'Error: ', 60: 'Fatal: ' }
/** Fields every line has, or that say nothing to a person reading it. */
const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime', 'err'])

type Line = Record<string, unknown> & { level: number; time: number; msg?: string }

/** One log line as a person reads it: '10:30 GET /products 200 12 ms', '10:31 Warning: …'. */
export function plainLine(line: Line): string {
  const clock = ukClock(new Date(line.time).toISOString())
  const req = line.req as { method?: string; url?: string } | undefined
  const res = line.res as { statusCode?: number } | undefined
  if (req && res && typeof line.responseTime === 'number')
    return `${clock} ${req.method} ${req.url} ${res.statusCode} ${line.responseTime} ms`
  const err = line.err as { message?: string } | undefined
  const details = Object.entries(line)
    .filter(([key, value]) => !QUIET.has(key) && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${String(value)}`)
  const because = err?.message && err.message !== line.msg ? ` (${err.message})` : ''
  const extra = details.length > 0 ? ` [${details.join(', ')}]` : ''
  return `${clock} ${LEVELS[line.level] ?? ''}${line.msg ?? ''}${because}${extra}`
}

/** pino writes each line as JSON; this writes it again for a person. */
function plainLines(out: { write(text: string): unknown }): DestinationStream {
  return {
    write(json: string) {
      let line: Line
      try {
        line = JSON.parse(json) as Line
      } catch {
        return void out.write(json)
      }
      out.write(`${plainLine(line)}\n`)
    },
  }
}
