/**
 * The entrance animation of the landing page's blocks (components/Reveal.tsx): each `.reveal` block
 * still below the fold is hidden (`data-reveal="pending"`) until it scrolls into view, then fades and
 * rises in (`data-reveal="in"`, 0.7 s, Reveal.scss). The observer's first report on a block says
 * whether it is on screen, so blocks already in view never move and nothing is measured per block.
 * Nothing is held back under `prefers-reduced-motion: reduce`, nor on a visit to a section
 * (/#contact), where blocks moving into place would move the target.
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
