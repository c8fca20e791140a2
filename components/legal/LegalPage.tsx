import type { ReactNode } from 'react'
import { COMPANY, POLICY, REGISTERED_OFFICE_LINE } from '../../domain/business.ts'

export type LegalSection = { id: string; title: string; body: ReactNode }

type Props = {
  title: string
  intro: ReactNode
  sections: LegalSection[]
}

export function LegalPage({ title, intro, sections }: Props) {
  return (
    <>
      <section className="page-banner legal-banner">
        <div className="container">
          <span className="eyebrow">Legal</span>
          <h1>{title}</h1>
          <p className="legal-banner__updated">Last updated: {POLICY.lastUpdated}</p>
        </div>
      </section>
      <div className="container legal">
        <nav className="legal__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title">On this page</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal__body">
          <div className="legal__intro">{intro}</div>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="legal__section">
              <h2 id={`${s.id}-title`}>
                <span className="legal__number">{i + 1}.</span> {s.title}
              </h2>
              {s.body}
            </section>
          ))}
          <aside className="legal__company" aria-label="Company details">
            <p>
              <strong>{COMPANY.legalName}</strong> is registered in {COMPANY.registeredIn} under company number{' '}
              {COMPANY.companyNumber}. Registered office: {REGISTERED_OFFICE_LINE}.
            </p>
            <p>
              E-mail <a href={`mailto:${COMPANY.emails.enquiries}`}>{COMPANY.emails.enquiries}</a> for general
              questions, or <a href={`mailto:${COMPANY.emails.orders}`}>{COMPANY.emails.orders}</a> about an order, a
              cancellation or a return.
            </p>
          </aside>
        </article>
      </div>
    </>
  )
}

export function CompanyIdentity() {
  return (
    <>
      <strong>{COMPANY.legalName}</strong>, a company registered in {COMPANY.registeredIn} under company number{' '}
      {COMPANY.companyNumber}, whose registered office is at {REGISTERED_OFFICE_LINE}
    </>
  )
}

export function MailLink({ to }: { to: keyof typeof COMPANY.emails }) {
  const address = COMPANY.emails[to]
  return <a href={`mailto:${address}`}>{address}</a>
}
