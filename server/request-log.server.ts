import type { Logger } from 'pino'
import { pinoHttp, type HttpLogger } from 'pino-http'

/**
 * One log line per request (pino-http: method, address, status, time), for the app and for the
 * answers the response cache gives before the app runs. Headers stay out (cookies, credentials), and
 * the child logger pino-http makes per request stays cheap under load. Health checks are not logged.
 */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  })
}
