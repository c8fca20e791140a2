// https://vike.dev/onRenderHtml: stream the page with React 19, scripts injected as the stream goes.
import { renderToPipeableStream } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject, stampPipe } from 'vike/server'
import type { InjectFilterEntry, OnRenderHtmlAsync } from 'vike/types'
import { coalescedPipe } from './coalesce-pipe.ts'
import { headTags } from './head.ts'
import { PageShell } from './PageShell.tsx'

export const onRenderHtml: OnRenderHtmlAsync = async (pageContext) => {
  const nonce = pageContext.cspNonce ?? undefined
  const pipe = await new Promise<(w: NodeJS.WritableStream) => void>((resolve, reject) => {
    let failedBeforeShell = true
    const stream = renderToPipeableStream(<PageShell pageContext={pageContext} />, {
      nonce,
      onShellReady() {
        failedBeforeShell = false
        resolve(coalescedPipe(stream))
      },
      onShellError: reject,
      onError(err) {
        if (!failedBeforeShell) console.error('Error while streaming a page:', err)
      },
    })
  })
  // Vike needs to know what kind of stream this pipe writes to (https://vike.dev/streaming).
  stampPipe(pipe as (w: import('node:stream').Writable) => void, 'node-stream')
  const documentHtml = escapeInject`<!DOCTYPE html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${dangerouslySkipEscape(headTags(pageContext))}
  </head>
  <body>
    <div id="root">${pipe}</div>
  </body>
</html>`
  return { documentHtml, injectFilter: preloadOnlyMainFonts }
}

/**
 * Vike preloads every font the CSS uses; on a slow phone four fonts (~95 KB) compete with the
 * stylesheets for the first paint. Only the body text and the display headings are preloaded; the
 * other weights load when used (font-display: swap shows text at once either way).
 */
const PRELOADED_FONTS = [/inter-latin-400-normal/, /cormorant-garamond-latin-600-normal/]
function preloadOnlyMainFonts(assets: InjectFilterEntry[]) {
  for (const asset of assets) {
    if (asset.assetType === 'font' && !PRELOADED_FONTS.some((re) => re.test(asset.src))) asset.inject = false
  }
}
