import { NAVIGATION_STATUS_ID } from '../../components/NavigationStatus.tsx'

const ANNOUNCE_AFTER_MS = 150

/** Cleared when this page is shown again from the back/forward cache. */
export function announceNavigation(): void {
  const region = document.getElementById(NAVIGATION_STATUS_ID)
  if (!region) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const clear = () => {
    clearTimeout(timer)
    region.replaceChildren()
  }
  // Bubbling to window: handlers that take over a link (preventDefault) have run by then.
  window.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    if (link.target && link.target !== '_self') return
    if (link.hasAttribute('download')) return
    const to = new URL(link.href, location.href)
    if (to.origin !== location.origin) return
    if (to.pathname === location.pathname && to.search === location.search) return // a section of this page
    clearTimeout(timer)
    timer = setTimeout(() => {
      const text = document.createElement('p')
      text.className = 'navigation-status__text'
      text.textContent = to.pathname === '/products' ? 'Loading our premium collection...' : 'Loading...'
      region.replaceChildren(text)
    }, ANNOUNCE_AFTER_MS)
  })
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) clear()
  })
}
