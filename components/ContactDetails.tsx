import { BUSINESS_HOURS, COMPANY, WHATSAPP_URL } from '../domain/business.ts'
import { Icon } from './home/icons.tsx'

type Props = {
  /** Footer's short column: no icons, group headings for screen readers only. */
  compact?: boolean
  /** Includes the registered office (the footer gives it in its legal line instead). */
  office?: boolean
}

/** Each group has an h3, so the section around it gives the h2. */
export function ContactDetails({ compact = false, office = false }: Props) {
  const headingClass = compact ? 'visually-hidden' : 'contact-details__title'
  const icon = (name: 'chat' | 'mail' | 'pin' | 'clock') =>
    compact ? null : (
      <span className="contact-details__icon">
        <Icon name={name} />
      </span>
    )
  const place = COMPANY.registeredOffice
  return (
    <ul className={compact ? 'contact-details contact-details--compact' : 'contact-details contact-details--panel'}>
      <li>
        {icon('chat')}
        <div>
          <h3 className={headingClass}>WhatsApp</h3>
          <p>
            <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
              Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <p className="contact-details__note">{COMPANY.whatsappDisplay}</p>
        </div>
      </li>
      <li>
        {icon('mail')}
        <div>
          <h3 className={headingClass}>Email</h3>
          <p>
            <span className="contact-details__label">Enquiries</span>
            <a href={`mailto:${COMPANY.emails.enquiries}`}>{COMPANY.emails.enquiries}</a>
          </p>
          <p>
            <span className="contact-details__label">Orders</span>
            <a href={`mailto:${COMPANY.emails.orders}`}>{COMPANY.emails.orders}</a>
          </p>
        </div>
      </li>
      {office ? (
        <li>
          {icon('pin')}
          <div>
            <h3 className={headingClass}>Registered Office</h3>
            <address>
              {COMPANY.legalName}
              <br />
              {place.street}
              <br />
              {place.locality} {place.postcode}
              <br />
              {place.country}
            </address>
          </div>
        </li>
      ) : null}
      <li>
        {icon('clock')}
        <div>
          <h3 className={headingClass}>Business Hours</h3>
          <dl className="contact-details__hours">
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
  )
}
