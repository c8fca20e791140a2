import { useEffect, useRef, type ElementType, type ReactNode } from 'react'
import './Reveal.scss'

/**
 * The one IntersectionObserver behind every <Reveal> (browser only: created on first use).
 * Blocks are marked by attribute, not React state, so revealing one re-renders nothing.
 */
let observer: IntersectionObserver | undefined

function getObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        const el = entry.target as HTMLElement
        el.dataset.reveal = 'in'
        observer?.unobserve(el)
      }
    },
    // Reveal a little before the block's top reaches the bottom edge, so no one waits on it.
    { rootMargin: '0px 0px -6% 0px', threshold: 0 },
  )
  return observer
}

function isInView(el: HTMLElement): boolean {
  const rect = el.getBoundingClientRect()
  return rect.bottom > 0 && rect.top < window.innerHeight
}

/** Hides `el` until it scrolls into view; returns the cleanup, which shows it again. */
function observeReveal(el: HTMLElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {}
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {}
  // What the visitor can already see stays put: only blocks below (or above) the viewport animate.
  if (isInView(el)) return () => {}
  el.dataset.reveal = 'pending'
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
