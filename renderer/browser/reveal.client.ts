/**
 * The observer's first report says whether a block is on screen, so nothing is
 * measured; nothing is held back under reduced motion or on a visit to a section.
 */
export function revealOnScroll(): void {
  const blocks = document.querySelectorAll<HTMLElement>('.reveal')
  if (blocks.length === 0 || typeof IntersectionObserver === 'undefined') return
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  if (window.location.hash.length > 1) return
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const el = entry.target as HTMLElement
      if (entry.isIntersecting) {
        if (el.dataset.reveal === 'pending') el.dataset.reveal = 'in'
        observer.unobserve(el)
      } else if (el.dataset.reveal === undefined) {
        el.dataset.reveal = 'pending'
      }
    }
  })
  blocks.forEach((block) => observer.observe(block))
}
