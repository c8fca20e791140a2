// https://vike.dev/onRenderHtml: the page is streamed by React 19; Vike adds the page's scripts at the
// end of the body (injectScriptsAt in +config.ts), so the first screen is painted before them.
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject, stampPipe } from 'vike/server'
import type { InjectFilterEntry, OnRenderHtmlAsync } from 'vike/types'
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
  // React escapes every value in the head; its markup goes in as it is.
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
  return { documentHtml, injectFilter: keepFirstPaintLight }
}

// Vike would preload the modules a page's script imports. Left out: on a slow phone they would
// compete with the HTML, fonts and hero image for the first paint (Lighthouse's mobile LCP went from
// 1.5 to 2.1 s with them), while the page already works as HTML until its script runs. Vike warns
// once that it recommends preloading them: measured here, not preloading paints sooner.
// Fonts: the head preloads the two faces the first screen uses (Head.tsx), not every face.
function keepFirstPaintLight(assets: InjectFilterEntry[]): void {
  for (const asset of assets) {
    if (asset.assetType === 'font') asset.inject = false
  }
}
