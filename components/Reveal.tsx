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

/** Rendered fully visible: only the page's script (reveal.client.ts) hides blocks below the fold. */
export function Reveal({ children, as: Tag = 'div', className, step = 0, id }: Props) {
  const classes = ['reveal', step ? `reveal--step-${step}` : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <Tag className={classes} id={id}>
      {children}
    </Tag>
  )
}
