import pino, { type Logger } from 'pino'

/** Bodies are never logged (enquiries hold personal data) and credentials are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'body', 'req.body'],
      censor: '[redacted]',
    },
  })
}
