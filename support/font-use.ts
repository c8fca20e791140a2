import type { Page } from 'playwright-core'

/** A web font face as the page declares it: family and weight (every face is upright). */
export type FaceUse = { face: string; chars: string; firstScreen: boolean }

/**
 * Which of the page's web font faces its text is drawn in, with the characters each draws and whether
 * any of them is on the first screen. Weights are matched as CSS does (a 500 falls back to a 400 face
 * before a 600), text-transform applied, form controls' own text included.
 */
export async function fontUse(page: Page): Promise<FaceUse[]> {
  // A script rather than a function: the test runner's transform would add helpers the page lacks.
  return page.evaluate(`(() => {
    const declared = new Map()
    for (const f of document.fonts) {
      const family = f.family.replace(/^["']|["']$/g, '')
      if (/Fallback$/.test(family)) continue
      const weights = declared.get(family) ?? []
      for (const w of f.weight.split(' ').map(Number)) if (!weights.includes(w)) weights.push(w)
      declared.set(family, weights)
    }
    const match = (weights, d) => {
      if (weights.includes(d)) return d
      const below = weights.filter((w) => w < d).sort((a, b) => b - a)
      const above = weights.filter((w) => w > d).sort((a, b) => a - b)
      if (d >= 400 && d <= 500) return [...above.filter((w) => w <= 500), ...below, ...above.filter((w) => w > 500)][0]
      return (d < 400 ? [...below, ...above] : [...above, ...below])[0]
    }
    const uses = new Map()
    const record = (style, text, rect) => {
      if (style.visibility === 'hidden' || !text.trim()) return
      const family = style.fontFamily.split(',')[0].trim().replace(/^["']|["']$/g, '')
      const weights = declared.get(family)
      if (!weights) return
      const face = \`\${family} \${match(weights, Number(style.fontWeight))}\`
      const shown =
        style.textTransform === 'uppercase' ? text.toUpperCase()
        : style.textTransform === 'lowercase' ? text.toLowerCase()
        : text
      const use = uses.get(face) ?? { chars: new Set(), firstScreen: false }
      for (const c of shown) if (c.trim()) use.chars.add(c)
      if (rect && rect.width > 0 && rect.height > 0 && rect.top < innerHeight && rect.bottom > 0) use.firstScreen = true
      uses.set(face, use)
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, template, noscript')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const rects = [...range.getClientRects()]
      if (!rects.length && !parent.closest('option, dialog')) continue
      record(getComputedStyle(parent), node.textContent ?? '', rects.find((r) => r.width > 0) ?? null)
    }
    for (const control of document.querySelectorAll('input, textarea')) {
      record(getComputedStyle(control), \`\${control.placeholder}\${control.value}\`, control.getBoundingClientRect())
    }
    // Generated content: a decorative quotation mark, a breadcrumb's separator.
    for (const el of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(el, pseudo)
        const quoted = /^"((?:[^"\\\\]|\\\\.)*)"$/.exec(style.content)
        if (quoted && style.display !== 'none') record(style, quoted[1].replace(/\\\\(.)/g, '$1'), el.getBoundingClientRect())
      }
    }
    return [...uses]
      .map(([face, u]) => ({ face, chars: [...u.chars].sort().join(''), firstScreen: u.firstScreen }))
      .sort((a, b) => a.face.localeCompare(b.face))
  })()`)
}
