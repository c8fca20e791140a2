import { useEffect, useRef, type ElementType, type ReactNode } from 'react'
import './Reveal.scss'

/**
 * The one IntersectionObserver behind every <Reveal> (browser only: created on first use).
 * Blocks are marked by attribute, not React state, so revealing one re-renders nothing.
 *
 * The observer's first report on a block says whether it is on screen: those that are stay put,
 * the others are hidden until they scroll in. Measuring each block on hydration instead
 * (getBoundingClientRect after each mark) would force a layout per block on a slow phone.
 */
let observer: IntersectionObserver | undefined

function getObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const el = entry.target as HTMLElement
      if (entry.isIntersecting) {
        if (el.dataset.reveal === 'pending') el.dataset.reveal = 'in'
        observer?.unobserve(el)
      } else if (el.dataset.reveal === undefined) {
        el.dataset.reveal = 'pending'
      }
    }
  })
  return observer
}

/** Hides `el` until it scrolls into view; returns the cleanup, which shows it again. */
function observeReveal(el: HTMLElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {}
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {}
  // Arriving at a section (/#contact): the browser scrolls to it while the page settles, and blocks
  // moving into place would move the target. Nothing is held back on such a visit.
  if (window.location.hash.length > 1) return () => {}
  const io = getObserver()
  io.observe(el)
  return () => {
    io.unobserve(el)
    delete el.dataset.reveal
  }
}

type Props = {
  children: ReactNode
  /** The element to render: a `div` unless the markup needs a list item, an article... */
  as?: ElementType
  className?: string
  /** Staggers siblings that enter together: 0 (none) to 3 steps of 0.1 s. */
  step?: 0 | 1 | 2 | 3
  id?: string
}

/**
 * A block that fades and rises into place the first time it scrolls into view (SPEC §9: 0.6–0.8 s).
 *
 * The server renders it fully visible, so content never depends on JavaScript. Only after hydration,
 * and only for blocks that are still below the fold, `data-reveal="pending"` hides them until an
 * IntersectionObserver sees them. Under `prefers-reduced-motion: reduce` nothing is hidden or moved.
 */
export function Reveal({ children, as: Tag = 'div', className, step = 0, id }: Props) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => (ref.current ? observeReveal(ref.current) : undefined), [])
  const classes = ['reveal', step ? `reveal--step-${step}` : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <Tag ref={ref} className={classes} id={id}>
      {children}
    </Tag>
  )
}
