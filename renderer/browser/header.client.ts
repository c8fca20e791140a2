/** The page scroll, in CSS px, past which the bar turns solid; styles/_tokens.scss says the same ($header-solid-after). */
export const SOLID_NAV_SCROLL_PX = 100

/**
 * Without scripts the popover and the scroll-driven animation already work; this adds aria
 * state, closing on choice or when focus tabs out, and `data-solid` where scroll-driven animations are missing.
 */
export function enhanceHeader(): void {
  const header = document.querySelector<HTMLElement>('.site-header')
  const menu = document.getElementById('mobile-menu')
  const toggle = document.querySelector<HTMLButtonElement>('.menu-toggle')
  if (!header) return
  followScroll(header)
  if (!menu || !toggle) return

  const popover = 'popover' in HTMLElement.prototype
  const isOpen = () => (popover ? menu.matches(':popover-open') : menu.classList.contains('is-open'))
  const show = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open))
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu')
  }
  const close = () => {
    if (!isOpen()) return
    if (popover) menu.hidePopover()
    else {
      menu.classList.remove('is-open')
      show(false)
    }
  }
  show(isOpen())

  if (popover) {
    menu.addEventListener('toggle', (e) => {
      const open = (e as ToggleEvent).newState === 'open'
      show(open)
      // Closed with Escape from inside the menu: focus goes back to the toggle, not to the page's top.
      if (!open && (document.activeElement === document.body || menu.contains(document.activeElement))) toggle.focus()
    })
  } else {
    // Browsers without popovers: the toggle shows and hides the menu itself.
    toggle.addEventListener('click', () => {
      menu.classList.toggle('is-open')
      show(isOpen())
    })
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && isOpen()) {
        close()
        toggle.focus()
      }
    })
  }
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) close()
  })
  // Tabbed past its last entry: the menu would cover the page's control that now has focus.
  menu.addEventListener('focusout', (e) => {
    const next = e.relatedTarget as Node | null
    if (next && next !== toggle && !menu.contains(next)) close()
  })
  // Back to this page from the browser's history (back/forward cache): the menu starts closed.
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) close()
  })
}

function followScroll(header: HTMLElement): void {
  let scheduled = false
  const update = () => {
    scheduled = false
    header.dataset.solid = String(window.scrollY > SOLID_NAV_SCROLL_PX)
  }
  update()
  window.addEventListener(
    'scroll',
    () => {
      if (!scheduled) {
        scheduled = true
        requestAnimationFrame(update)
      }
    },
    { passive: true },
  )
}
