import type { Request, Response } from 'express'
import { renderPage } from 'vike/server'
import { requestOrigin } from '../cache/cache-target.server.ts'
import { isOwnerPath } from '../http/owner-paths.server.ts'
import { requestPath } from '../http/request-target.server.ts'

type HttpResponse = NonNullable<Awaited<ReturnType<typeof renderPage>>['httpResponse']>

/** Our `cacheControl` replaces Vike's; the caller sends the body, so it may also keep it. */
export function answerWithRender(
  res: Response,
  httpResponse: HttpResponse,
  { cacheControl, status }: { cacheControl: string; status?: number },
): void {
  res.status(status ?? httpResponse.statusCode)
  for (const [name, value] of httpResponse.headers) {
    if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value)
  }
  res.setHeader('Cache-Control', cacheControl)
}

/**
 * For pages showing what one visitor sent, so never cached or
 * indexed; without SITE_URL absolute addresses come from the request.
 */
export async function sendPersonalPage(
  req: Request,
  res: Response,
  pageContextInit: Partial<Vike.PageContext> & { urlOriginal?: string },
  status?: number,
): Promise<void> {
  const siteUrl = requestOrigin(req, pageContextInit.siteUrl, req.app.get('trust proxy fn'))
  if (siteUrl === undefined) throw new Error(`${req.headers.host} is not this site's host`)
  const { httpResponse } = await renderPage({
    urlOriginal: req.originalUrl,
    headersOriginal: req.headers,
    ...pageContextInit,
    siteUrl,
  })
  if (!httpResponse) throw new Error(`${req.originalUrl} did not render`)
  // The page's own status wins when it is an error (an unknown product's 404, a failed render).
  const cacheControl = isOwnerPath(requestPath(req.originalUrl)) ? 'private, no-store' : 'no-store'
  answerWithRender(res, httpResponse, {
    cacheControl,
    status: httpResponse.statusCode >= 400 ? httpResponse.statusCode : status,
  })
  res.setHeader('X-Robots-Tag', 'noindex')
  httpResponse.pipe(res)
}
