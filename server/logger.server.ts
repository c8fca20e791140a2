import pino, { type DestinationStream, type Logger } from 'pino'

/** How long a line may wait for others to leave with it. */
const FLUSH_EVERY_MS = 200

let written = false
let stdout: DestinationStream | undefined

/**
 * Standard output, written in batches of a few kilobytes or every FLUSH_EVERY_MS: a write per
 * line cost a cached page a quarter of its time. pino writes what is left when the process exits.
 */
function sharedStdout(): DestinationStream {
  if (stdout) return stdout
  const out = pino.destination({ dest: 1, sync: false, minLength: 12288 })
  setInterval(() => {
    if (!written) return
    written = false
    out.flush()
  }, FLUSH_EVERY_MS).unref()
  return (stdout = out)
}

/** Bodies are never logged (enquiries hold personal data) and credentials are redacted. */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'body', 'req.body'],
        censor: '[redacted]',
      },
      hooks: {
        streamWrite: (line) => {
          written = true
          return line
        },
      },
    },
    sharedStdout(),
  )
}
