import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The stylesheet links Vike writes into a page's head for its built CSS. */
const STYLESHEET_LINK = /<link rel="stylesheet" type="text\/css" href="(\/assets\/static\/[\w.-]+\.css)"[^>]*>/g

/**
 * Puts a page's own stylesheets into its HTML. On a phone's first visit each linked stylesheet costs
 * a round trip (often a new connection) before anything is painted; the whole site's CSS is a few KB,
 * so it travels faster inside the HTML, already compressed with it.
 *
 * The link stays, `disabled`: browsers do not fetch a disabled stylesheet, and Vite's loader sees the
 * file is already on the page, so a client-side navigation does not load the same CSS again.
 */
export function createStyleInliner(clientDir: string): (head: string) => string {
  const css = new Map<string, string | undefined>()
  const read = (href: string): string | undefined => {
    if (!css.has(href)) {
      let text: string | undefined
      try {
        // `</style` cannot appear inside a style element; in CSS `<\/style` means the same.
        text = readFileSync(path.join(clientDir, href), 'utf8').replaceAll('</style', '<\\/style')
      } catch {
        text = undefined // keep the plain link: the browser fetches it as usual
      }
      css.set(href, text)
    }
    return css.get(href)
  }
  return (head) => {
    const styles: string[] = []
    const linked = head.replace(STYLESHEET_LINK, (link, href: string) => {
      const text = read(href)
      if (text === undefined) return link
      styles.push(`<style data-href="${href}">${text}</style>`)
      return `<link rel="stylesheet" href="${href}" disabled>`
    })
    // At the end of the head, so that <meta charset> stays within the first 1024 bytes.
    return styles.length ? linked.replace('</head>', `${styles.join('')}</head>`) : linked
  }
}

const HEAD_END = Buffer.from('</head>')

/**
 * Applies `transform` to the head of a streamed HTML page: bytes are held until `</head>` has gone
 * by (the head is written in one go, before the body streams), then everything flows through as is.
 */
export function headTransformer(transform: (head: string) => string) {
  let held: Buffer[] = []
  let done = false
  return {
    /** Returns what may be sent now (possibly nothing). */
    push(chunk: Buffer): Buffer | undefined {
      if (done) return chunk
      held.push(chunk)
      const all = Buffer.concat(held)
      const end = all.indexOf(HEAD_END)
      if (end === -1) return undefined
      done = true
      held = []
      const cut = end + HEAD_END.length
      return Buffer.concat([Buffer.from(transform(all.subarray(0, cut).toString('utf8'))), all.subarray(cut)])
    },
    /** What is still held at the end of the page (a page without a head). */
    flush(): Buffer | undefined {
      if (done || held.length === 0) return undefined
      done = true
      return Buffer.concat(held)
    },
  }
}
