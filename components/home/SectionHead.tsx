import type { ReactNode } from 'react'
import { Reveal } from '../Reveal.tsx'

export function SectionHead({
  id,
  eyebrow,
  title,
  children,
  light,
}: {
  id: string
  eyebrow: string
  title: string
  children?: ReactNode
  light?: boolean
}) {
  return (
    <Reveal className={`section-head${light ? ' section-head--light' : ''}`}>
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children ? <p className="section-head__intro">{children}</p> : null}
    </Reveal>
  )
}
