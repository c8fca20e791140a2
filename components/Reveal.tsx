import type { ElementType, ReactNode } from 'react'

type Props = {
  children: ReactNode
  as?: ElementType
  className?: string
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
