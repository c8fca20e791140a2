import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { pinoHttp, type HttpLogger } from 'pino-http'

export type RequestLog = {
  /** The app's middleware: a line per request, and `req.log` for the handlers' own lines. */
  middleware: HttpLogger
  /** The same line for an answer given before the app runs (a cache hit), without a logger per request. */
  answered: (req: IncomingMessage, res: ServerResponse) => void
}

/** No client address: it is the visitor's, and the log is kept and copied where nothing forgets it. */
type RequestLine = { id: unknown; method?: string; url?: string }

const MESSAGE = 'request completed'

/**
 * The address as the log keeps it: the path, never the query or fragment, whose values are what a
 * visitor or the owner typed (an inbox search for an address, a tracking code): the log is kept and
 * copied where "Delete for good" cannot reach. Only that a query was there is kept.
 */
function loggedUrl(url: string | undefined): string | undefined {
  const end = url?.search(/[?#]/) ?? -1
  return end < 0 ? url : `${url!.slice(0, end)}?[redacted]`
}

/**
 * pino-http for the app, written directly for answers the cache gives before the app runs,
 * numbered from one counter; no headers, no queries, no client address, no health checks.
 */
export function requestLog(logger: Logger): RequestLog {
  let lastId = 0
  const nextId = () => (lastId = (lastId + 1) & 0x7fffffff)
  const middleware = pinoHttp({
    logger,
    genReqId: (req) => req.id ?? nextId(),
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    customSuccessMessage: () => MESSAGE,
    serializers: {
      req: ({ id, method, url }: RequestLine): RequestLine => ({ id, method, url: loggedUrl(url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  })
  return {
    middleware,
    answered(req, res) {
      if (!logger.isLevelEnabled('info')) return
      const started = Date.now()
      const line: RequestLine = { id: nextId(), method: req.method, url: loggedUrl(req.url) }
      res.once('finish', () =>
        logger.info({ req: line, res: { statusCode: res.statusCode }, responseTime: Date.now() - started }, MESSAGE),
      )
    },
  }
}
