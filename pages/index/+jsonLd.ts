import type { PageContext } from 'vike/types'
import { BUSINESS_HOURS, COMPANY } from '../../domain/business.ts'

export default (pageContext: PageContext) => {
  const origin = pageContext.siteUrl ?? ''
  const office = COMPANY.registeredOffice
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: COMPANY.brand,
    legalName: COMPANY.legalName,
    url: `${origin}/`,
    image: `${origin}/images/hero.svg`,
    description: 'Handmade British leather footwear, bags and belts from our Northampton workshop.',
    foundingDate: String(COMPANY.foundedYear),
    email: COMPANY.emails.enquiries,
    telephone: `+${COMPANY.whatsappNumber}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      addressLocality: office.locality,
      postalCode: office.postcode,
      addressCountry: office.countryCode,
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: COMPANY.emails.enquiries,
        telephone: `+${COMPANY.whatsappNumber}`,
        areaServed: 'GB',
        availableLanguage: 'en-GB',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: COMPANY.emails.orders,
        areaServed: 'GB',
        availableLanguage: 'en-GB',
      },
    ],
    openingHoursSpecification: BUSINESS_HOURS.filter((h) => h.opens).map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.schemaDays,
      opens: h.opens,
      closes: h.closes,
    })),
  }
}
