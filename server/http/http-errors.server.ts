import type { ErrorRequestHandler, RequestHandler } from 'express'

/** An error with an HTTP status and a sentence a person can read. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** Unknown /api/* paths: 404 JSON, never the HTML page. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `There is no API endpoint ${req.method} ${req.baseUrl}${req.path}.` })
}

/** A sentence for every error status the server or its libraries (static files, body parsing) may answer. */
export const READABLE: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'This address needs you to sign in.',
  403: 'This address is not available.',
  404: 'There is nothing at this address.',
  405: 'This address does not accept that kind of request.',
  406: 'There is no version of this address in a form your browser accepts.',
  408: 'The request took too long to arrive. Please try again.',
  409: 'This cannot be done just now because of something already going on.',
  411: 'The request must say how long its body is.',
  412:
    'The file has changed: a condition of the request (If-Match or ' +
    'If-Unmodified-Since) no longer holds. Fetch it again.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'The request must be sent as JSON.',
  416: 'The requested range is outside the file. Ask for a range within its size, or for the whole file.',
  429: 'Too many requests. Please wait a little and try again.',
  431: 'The request headers are too large.',
  500: 'Something went wrong on our side. Please try again later.',
  501: 'This server does not support that kind of request.',
  503: 'The site cannot answer this just now. Please try again in a few minutes.',
}

const FALLBACK_4XX = 'This request could not be answered.'

/**
 * Headers for the answer a handler meant to send, which do not describe the
 * error sent instead (a 416's Content-Range, Allow or Retry-After do, and stay).
 */
const FILE_HEADERS = [
  'Content-Type',
  'Content-Encoding',
  'Content-Length',
  'Content-Disposition',
  'ETag',
  'Last-Modified',
  'Accept-Ranges',
]

/** An error's status and sentence: its own, or the readable one for its status. */
function answerFor(err: { status?: unknown; type?: unknown } | undefined): { status: number; message: string } {
  // The body parser calls a form with more fields than its address takes "too large" (413): it is not.
  if (err?.type === 'parameters.too.many')
    return { status: 400, message: 'The form sent more fields than it has: nothing was changed.' }
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  const message =
    err instanceof HttpError
      ? err.message
      : err?.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : (READABLE[status] ?? (status < 500 ? FALLBACK_4XX : READABLE[500]!))
  return { status, message }
}

/** Never a stack trace or a file path: those go to the log only. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const { status, message } = answerFor(err)
  if (status >= 500) req.log?.error({ err }, 'request failed')
  if (res.headersSent) return res.end()
  const owners = /\bprivate\b/i.test(String(res.getHeader('Cache-Control') ?? ''))
  for (const name of FILE_HEADERS) res.removeHeader(name)
  res.setHeader('Cache-Control', owners ? 'private, no-store' : 'no-store')
  res.status(status).json({ error: message, ...(err instanceof HttpError ? err.extra : {}) })
}

/** 404 for a read, 405 with `Allow` for any other method. */
export const unhandled: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next(new HttpError(404, READABLE[404]!))
  res.setHeader('Allow', 'GET, HEAD')
  next(new HttpError(405, `This address can only be read (GET or HEAD), not sent a ${req.method} request.`))
}
