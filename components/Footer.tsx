import { CATEGORY_LABELS, COMPANY, REGISTERED_OFFICE_LINE } from '../domain/business.ts'
import { filterHref } from '../domain/catalogue.ts'
import { ContactDetails } from './ContactDetails.tsx'
import { COLLECTION_CARDS } from './home/content.ts'

const COLLECTIONS = [
  ...COLLECTION_CARDS.map((c) => ({ href: filterHref(c.category), label: CATEGORY_LABELS[c.category] })),
  { href: filterHref('all'), label: 'All Products' },
]

const LEGAL = [
  { href: '/terms', label: 'Terms & Conditions' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/cookies', label: 'Cookies Policy' },
  { href: '/returns', label: 'Returns Policy' },
]

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            {COMPANY.brand} <span>{COMPANY.legalSuffix}</span>
          </p>
          <p>
            Handmade footwear, bags and belts, cut and stitched from full-grain leather in our Northampton workshop
            since {COMPANY.foundedYear}.
          </p>
        </div>
        <nav aria-label="Contact">
          <h2>Contact</h2>
          <ContactDetails compact />
          <p>
            <a href="/contact">Send us a message</a>
          </p>
        </nav>
        <nav aria-label="Collections">
          <h2>Collections</h2>
          <ul>
            {COLLECTIONS.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            {LEGAL.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {COMPANY.legalName}. All rights reserved.
        </p>
        <p>
          Registered in {COMPANY.registeredIn}, company number {COMPANY.companyNumber}. Registered office:{' '}
          {REGISTERED_OFFICE_LINE}.
        </p>
      </div>
    </footer>
  )
}
