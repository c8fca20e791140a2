import { describe, expect, it } from 'vitest'
import { BOOT_SCRIPT, DEFERRED_MODULES_ID, scriptDeferrer, type DeferredModules } from '../../server/deferred-scripts.server.ts'

// The end of a page as Vike writes it (production build, scripts injected into the stream).
const PAGE =
  '<!DOCTYPE html><html><head><title>Caf\u00e9 \u2014 test</title></head><body><div id="root"><main><p>Hello \u00a3 world</p></main>' +
  '<script id="vike_pageContext" type="application/json">{"pageId":"/pages/index"}</script></div>' +
  '<script src="/assets/entries/entry-client-routing.AbC1.js" type="module" async></script>' +
  '<link rel="modulepreload" href="/assets/entries/pages_index.XyZ2.js" as="script" type="text/javascript">' +
  '<link rel="modulepreload" href="/assets/chunks/chunk-Q3.js" as="script" type="text/javascript">' +
  '</body>\n</html>'

/** Runs a page through a fresh rewriter, cut into the given chunks. */
function run(chunks: Buffer[]): string {
  const d = scriptDeferrer()
  const out: Buffer[] = []
  for (const c of chunks) {
    const b = d.push(c)
    if (b) out.push(b)
  }
  const rest = d.flush()
  if (rest) out.push(rest)
  return Buffer.concat(out).toString('utf8')
}

const listed = (html: string): DeferredModules =>
  JSON.parse(new RegExp(`<script type="application/json" id="${DEFERRED_MODULES_ID}">(.*?)</script>`).exec(html)![1]!)

describe('scriptDeferrer: the page is painted before its scripts are fetched', () => {
  it('takes the entry script and the preloads out of the page and lists them for the boot script', () => {
    const html = run([Buffer.from(PAGE)])
    expect(html.replace(BOOT_SCRIPT, '')).not.toMatch(/type="module"|modulepreload/)
    expect(listed(html)).toEqual({
      entry: '/assets/entries/entry-client-routing.AbC1.js',
      preload: ['/assets/entries/pages_index.XyZ2.js', '/assets/chunks/chunk-Q3.js'],
    })
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script></body>`)
    // Everything else is as it was.
    expect(html.replace(/<script type="application\/json" id="deferred-modules">.*<\/body>/, '</body>')).toBe(
      PAGE.replace(/<script src=.*?<\/body>/, '</body>'),
    )
  })

  it('gives the same page whatever the chunks, even when a chunk ends inside a tag or a character', () => {
    const whole = run([Buffer.from(PAGE)])
    const bytes = Buffer.from(PAGE)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(run([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(whole)
    }
    // And byte by byte.
    expect(run([...bytes].map((b) => Buffer.from([b])))).toBe(whole)
  })

  it('leaves a page without scripts untouched', () => {
    const plain = '<!DOCTYPE html><html><body><p>No scripts here</p></body></html>'
    expect(run([Buffer.from(plain)])).toBe(plain)
  })

  /** Runs the boot script against a stand-in browser that records what it adds to the head. */
  function boot({ paintTiming }: { paintTiming: boolean }) {
    type El = { tag: string; rel?: string; href?: string; type?: string; src?: string }
    const added: El[] = []
    const frames: (() => void)[] = []
    const timers: { fn: () => void; ms: number }[] = []
    let observer: { callback: (list: unknown, o: unknown) => void; options: unknown; disconnected: boolean; instance: unknown } | undefined
    class FakeObserver {
      static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation']
      constructor(callback: (list: unknown, o: unknown) => void) {
        observer = { callback, options: undefined, disconnected: false, instance: this }
      }
      observe(options: unknown) {
        observer!.options = options
      }
      disconnect() {
        observer!.disconnected = true
      }
    }
    const document = {
      getElementById: (id: string) => (id === DEFERRED_MODULES_ID ? { textContent: JSON.stringify({ entry: '/e.js', preload: ['/a.js', '/b.js'] }) } : null),
      createElement: (tag: string): El => ({ tag }),
      head: { append: (el: El) => added.push(el) },
    }
    new Function('document', 'self', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout', BOOT_SCRIPT)(
      document,
      { PerformanceObserver: FakeObserver },
      FakeObserver,
      (f: () => void) => frames.push(f),
      (fn: () => void, ms = 0) => timers.push({ fn, ms }),
    )
    const paint = (name: string) =>
      observer!.callback({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) }, observer!.instance)
    return { added, frames, timers, paint, observer: () => observer }
  }

  const EVERYTHING = [
    { tag: 'link', rel: 'modulepreload', href: '/a.js' },
    { tag: 'link', rel: 'modulepreload', href: '/b.js' },
    { tag: 'script', type: 'module', src: '/e.js' },
  ]

  it('the boot script adds the preloads and the entry when the first contentful paint is reported, once', () => {
    const b = boot({ paintTiming: true })
    expect(b.observer()!.options).toEqual({ type: 'paint', buffered: true }) // a paint before it ran counts
    expect(b.added).toEqual([])
    b.paint('first-paint') // a background colour is not content yet
    expect(b.added).toEqual([])
    b.paint('first-contentful-paint')
    expect(b.added).toEqual(EVERYTHING)
    expect(b.observer()!.disconnected).toBe(true)
    b.timers.find((t) => t.ms === 1000)!.fn() // the fallback finds it done
    expect(b.added).toEqual(EVERYTHING)
  })

  it('the boot script waits for a rendered frame where paints are not reported, and a second at most', () => {
    const b = boot({ paintTiming: false })
    expect(b.observer()).toBeUndefined()
    expect(b.added).toEqual([])
    b.frames.shift()!()
    b.timers.find((t) => t.ms === 0)!.fn() // just after the frame
    expect(b.added).toEqual(EVERYTHING)

    const hidden = boot({ paintTiming: true }) // a background tab: no paint, no frame
    hidden.timers.find((t) => t.ms === 1000)!.fn()
    expect(hidden.added).toEqual(EVERYTHING)
  })
})
