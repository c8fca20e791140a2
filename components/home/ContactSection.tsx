import { BUSINESS_HOURS, COMPANY, WHATSAPP_URL } from '../../domain/business.ts'
import { ContactFormIsland } from '../ContactForm.tsx'
import { Reveal } from '../Reveal.tsx'
import { Icon } from './icons.tsx'
import { SectionHead } from './SectionHead.tsx'

/** The landing page's contact section, 'Get in Touch' (anchor `contact`): chat link, e-mails, office, hours and the form. */
export function ContactSection() {
  const office = COMPANY.registeredOffice
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container">
        <SectionHead id="contact-title" eyebrow="Contact" title="Get in Touch">
          A question about sizing, a custom order or an order you have placed? Message us on WhatsApp, write to us, or use the form
          below.
        </SectionHead>
        <div className="contact__grid">
          <Reveal className="contact__details">
            <ul className="contact__list">
              <li>
                <span className="icon-medallion">
                  <Icon name="chat" />
                </span>
                <div>
                  <h3>WhatsApp</h3>
                  <p>
                    <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                      Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </p>
                  <p className="contact__note">{COMPANY.whatsappDisplay}</p>
                </div>
              </li>
              <li>
                <span className="icon-medallion">
                  <Icon name="mail" />
                </span>
                <div>
                  <h3>Email</h3>
                  <p>
                    <span className="contact__label">Enquiries</span>
                    <a href={`mailto:${COMPANY.emails.enquiries}`}>{COMPANY.emails.enquiries}</a>
                  </p>
                  <p>
                    <span className="contact__label">Orders</span>
                    <a href={`mailto:${COMPANY.emails.orders}`}>{COMPANY.emails.orders}</a>
                  </p>
                </div>
              </li>
              <li>
                <span className="icon-medallion">
                  <Icon name="pin" />
                </span>
                <div>
                  <h3>Registered Office</h3>
                  <address>
                    {COMPANY.legalName}
                    <br />
                    {office.street}
                    <br />
                    {office.locality} {office.postcode}
                    <br />
                    {office.country}
                  </address>
                </div>
              </li>
              <li>
                <span className="icon-medallion">
                  <Icon name="clock" />
                </span>
                <div>
                  <h3>Business Hours</h3>
                  <dl className="contact__hours">
                    {BUSINESS_HOURS.map((h) => (
                      <div key={h.days}>
                        <dt>{h.days}</dt>
                        <dd>{h.hours}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </li>
            </ul>
          </Reveal>
          <Reveal className="contact__form-panel form-card" step={1}>
            <h3 id="contact-form-title" className="contact__form-title">
              Send us a Message
            </h3>
            <p className="contact__form-intro">Tell us what you are looking for and we will reply by e-mail.</p>
            <ContactFormIsland />
          </Reveal>
        </div>
      </div>
    </section>
  )
}
