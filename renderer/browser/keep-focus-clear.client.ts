/**
 * Chromium, tabbing to a control already on screen, does not scroll, even when the fixed header or a
 * sticky bar (the product form's Save) covers it. scrollIntoView with `nearest` does, and honours the
 * page's scroll-padding, which is where each page says how much of each edge its bars take.
 */
export function keepFocusClear(): void {
  document.addEventListener('focusin', (event) => {
    const target = event.target
    if (!(target instanceof HTMLElement) || !target.matches('input, select, textarea, button, a[href], summary')) return
    if (insideFixedBar(target)) return
    const root = getComputedStyle(document.documentElement)
    const clearTop = parseFloat(root.scrollPaddingTop) || 0
    const clearBottom = window.innerHeight - (parseFloat(root.scrollPaddingBottom) || 0)
    const { top, bottom } = target.getBoundingClientRect()
    // Only where the browser will not scroll: a control partly off screen it brings to the middle itself.
    if (top < 0 || bottom > window.innerHeight) return
    // A control taller than the clear band is left where the browser put it.
    if ((top >= clearTop && bottom <= clearBottom) || bottom - top > clearBottom - clearTop) return
    target.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  })
}

/** The bars themselves (the header's links, the Save button) move with the screen: scrolling cannot clear them. */
function insideFixedBar(element: HTMLElement): boolean {
  for (let el: HTMLElement | null = element; el; el = el.parentElement) {
    const { position } = getComputedStyle(el)
    if (position === 'fixed' || position === 'sticky') return true
  }
  return false
}
