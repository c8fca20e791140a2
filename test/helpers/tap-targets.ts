import type { Page } from 'playwright-core'

/**
 * The smallest control a thumb should be asked to hit (Apple's and WCAG 2.5.5's 44 px), and the narrowest (WCAG 2.5.8).
 */
export const TAP = { height: 44, width: 24 } as const

/**
 * Every visible control on the page smaller than a thumb, one line each ("a.name "Chelsea Boot" 120×20").
 * A link inside running text (its <p> or <li> says more than the link) is left out, as WCAG does;
 * a checkbox or radio inside its label counts as the label (and its box itself must be 24 px square,
 * to be seen and aimed at), and a link stretched over its row by an `inset: 0` ::after counts as the
 * row: each is what the finger hits.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((tap) => {
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], label'
    const describe = (el: Element, r: DOMRect) => {
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
      const text = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40)
      return `${el.tagName.toLowerCase()}${cls} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`
    }
    const inRunningText = (el: Element) => {
      const parent = el.parentElement
      if (el.tagName !== 'A' || !parent || !['P', 'LI'].includes(parent.tagName)) return false
      return (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length
    }
    const square = { height: tap.width, width: tap.width }
    /** What the finger hits for `el`, and the least it may measure. */
    const target = (el: Element): { measured: Element; least: { height: number; width: number } } | null => {
      if (el.tagName === 'LABEL')
        return el.querySelector('input, select, textarea') ? { measured: el, least: tap } : null
      const wrapped = el.closest('label')
      if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) && wrapped)
        return { measured: el, least: square }
      return { measured: el, least: tap }
    }
    const box = (el: Element) => {
      const after = getComputedStyle(el, '::after')
      const stretched =
        after.content !== 'none' &&
        after.position === 'absolute' &&
        [after.top, after.right, after.bottom, after.left].every((v) => v === '0px')
      const row = stretched && el instanceof HTMLElement ? el.offsetParent : null
      return (row ?? el).getBoundingClientRect()
    }
    const found = new Set<string>()
    for (const el of document.querySelectorAll(controls)) {
      const aimed = target(el)
      if (!aimed || inRunningText(aimed.measured)) continue
      const { measured, least } = aimed
      const r = box(measured)
      const style = getComputedStyle(measured)
      // Not on the page: display none, a closed <details> or popover, the clipped "visually hidden"
      // text, the skip link parked above the page until it has focus, or the spam trap parked left of it.
      const offPage = r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || offPage) continue
      if (r.height < least.height - 0.5 || r.width < least.width - 0.5) found.add(describe(measured, r))
    }
    return [...found]
  }, TAP)
}
