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

const READABLE: Record<number, string> = {
  400: 'The request could not be understood.',
  403: 'This address is not available.',
  404: 'There is nothing at this address.',
  413: 'The request is too large.',
  415: 'The request must be sent as JSON.',
  500: 'Something went wrong on our side. Please try again later.',
}

/**
 * The last handler: JSON `{ error }` with a readable sentence. Never a stack trace or a file path:
 * those go to the log only.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  const message =
    err instanceof HttpError ? err.message : err?.type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : (READABLE[status] ?? READABLE[500]!)
  if (status >= 500) req.log?.error({ err }, 'request failed')
  if (res.headersSent) return res.end()
  res.status(status).json({ error: message, ...(err instanceof HttpError ? err.extra : {}) })
}
