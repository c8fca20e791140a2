// https://vike.dev/onRenderHtml: the page is streamed by React 19; Vike adds the page's scripts at the
// end of the body (injectScriptsAt in +config.ts), so the first screen is painted before them.
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject, stampPipe } from 'vike/server'
import type { OnRenderHtmlAsync } from 'vike/types'
import { isPreloadedFont } from './font-preloads.ts'
import { Head } from './Head.tsx'
import { PageShell } from './PageShell.tsx'

export const onRenderHtml: OnRenderHtmlAsync = async (pageContext) => {
  const pipe = await new Promise<(w: import('node:stream').Writable) => void>((resolve, reject) => {
    let shellReady = false
    const stream = renderToPipeableStream(<PageShell pageContext={pageContext} />, {
      onShellReady() {
        shellReady = true
        resolve((writable) => void stream.pipe(writable))
      },
      onShellError: reject,
      onError(err) {
        if (shellReady) console.error('Error while streaming a page:', err)
      },
    })
  })
  // Vike needs to know what kind of stream this pipe writes to (https://vike.dev/streaming).
  stampPipe(pipe, 'node-stream')
  const head = renderToStaticMarkup(<Head pageContext={pageContext} />)
  const documentHtml = escapeInject`<!DOCTYPE html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${dangerouslySkipEscape(head)}
  </head>
  <body>${pipe}</body>
</html>`
  // Vike preloads every font file the CSS names; only the first screen's faces are kept
  // (https://vike.dev/injectFilter). The page script's modules are announced only at the end of the
  // body, beside the script itself: preloaded in the head they made Lighthouse's mobile LCP 2.1 s
  // instead of 1.5 s (and Vike warns of any it is told to leave out).
  return {
    documentHtml,
    injectFilter(assets) {
      for (const asset of assets) {
        if (asset.assetType === 'font' && !isPreloadedFont(asset.src)) asset.inject = false
        if (asset.assetType === 'script' && !asset.inject) asset.inject = 'HTML_END'
      }
    },
  }
}
