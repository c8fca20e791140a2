import { ContactFormIsland } from '../../../components/ContactForm.tsx'
import { BUSINESS_HOURS, COMPANY, WHATSAPP_URL } from '../../../domain/business.ts'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'

export default function Page() {
  const { form } = useData<Data>()
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <span className="eyebrow">Contact</span>
          <h1>Contact Us</h1>
          <p>Tell us what you are looking for and we'll get back to you soon.</p>
        </div>
      </section>
      <section className="contact-page">
        <div className="container contact-page__grid">
          <div className="contact-page__panel form-card">
            <ContactFormIsland initial={form} headingLevel={2} />
          </div>
          <aside className="contact-page__aside" aria-labelledby="contact-other-ways">
            <h2 id="contact-other-ways">Other ways to reach us</h2>
            <ul>
              <li>
                <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                  WhatsApp {COMPANY.whatsappDisplay}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a href={`mailto:${COMPANY.emails.enquiries}`}>{COMPANY.emails.enquiries}</a>
              </li>
              <li>
                <a href={`mailto:${COMPANY.emails.orders}`}>{COMPANY.emails.orders}</a> (orders)
              </li>
            </ul>
            <h3>Business hours</h3>
            <dl>
              {BUSINESS_HOURS.map((h) => (
                <div key={h.days}>
                  <dt>{h.days}</dt>
                  <dd>{h.hours}</dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
      </section>
    </>
  )
}
