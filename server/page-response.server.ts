import type { Request, Response } from 'express'
import { renderPage } from 'vike/server'
import { requestOrigin } from './cache-keys.server.ts'
import { isOwnerPath, requestPath } from './route-path.server.ts'

type HttpResponse = NonNullable<Awaited<ReturnType<typeof renderPage>>['httpResponse']>

/**
 * Turns a Vike render into the head of an Express answer: the page's status (unless `status` is
 * given) and headers, with our `cacheControl` in place of Vike's own. The caller sends the body
 * (`httpResponse.pipe`), so it may also keep it (the page cache does).
 */
export function answerWithRender(res: Response, httpResponse: HttpResponse, { cacheControl, status }: { cacheControl: string; status?: number }): void {
  res.status(status ?? httpResponse.statusCode)
  for (const [name, value] of httpResponse.headers) {
    if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value)
  }
  res.setHeader('Cache-Control', cacheControl)
}

/**
 * Renders a page through Vike for one visitor and streams it as the answer: for pages that show what
 * that visitor sent (a form sent back with its messages), so never stored by any cache or indexed.
 * `siteUrl` is the configured one (SITE_URL): without it the page's absolute addresses come from the
 * request, worked out as for every other page.
 */
export async function sendPersonalPage(req: Request, res: Response, pageContextInit: Partial<Vike.PageContext> & { urlOriginal?: string }, status?: number): Promise<void> {
  const siteUrl = requestOrigin(req, pageContextInit.siteUrl, req.app.get('trust proxy fn'))
  const { httpResponse } = await renderPage({ urlOriginal: req.originalUrl, headersOriginal: req.headers, ...pageContextInit, siteUrl })
  if (!httpResponse) throw new Error(`${req.originalUrl} did not render`)
  // The page's own status wins when it is an error (an unknown product's 404, a failed render).
  const cacheControl = isOwnerPath(requestPath(req.originalUrl)) ? 'private, no-store' : 'no-store'
  answerWithRender(res, httpResponse, { cacheControl, status: httpResponse.statusCode >= 400 ? httpResponse.statusCode : status })
  res.setHeader('X-Robots-Tag', 'noindex')
  httpResponse.pipe(res)
}
