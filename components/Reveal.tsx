import type { ElementType, ReactNode } from 'react'

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
 * A block that fades and rises into place the first time it scrolls into view (0.6–0.8 s).
 * The server renders it fully visible, so content never depends on JavaScript; the page's script
 * (renderer/browser/reveal.client.ts) hides blocks still below the fold until they scroll in.
 */
export function Reveal({ children, as: Tag = 'div', className, step = 0, id }: Props) {
  const classes = ['reveal', step ? `reveal--step-${step}` : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <Tag className={classes} id={id}>
      {children}
    </Tag>
  )
}
