import type { ReactNode } from 'react'

type Props = {
  eyebrow: string
  title: string
  children: ReactNode
}

export function NoticePage({ eyebrow, title, children }: Props) {
  return (
    <section className="page-banner notice-page">
      <div className="container">
        <span className="eyebrow">{eyebrow}</span>
        <h1>{title}</h1>
        <p>{children}</p>
        <p className="notice-page__actions">
          <a className="btn btn-brass" href="/">
            Back to the home page
          </a>
          <a className="btn btn-outline-light" href="/products">
            Browse the collection
          </a>
        </p>
      </div>
    </section>
  )
}
