import type { PageContextServer } from 'vike/types'
import { BUSINESS_HOURS, COMPANY } from '../../domain/business.ts'
import { returnPolicyJsonLd, shippingServiceJsonLd } from '../../domain/merchant-listing.ts'
import { BRAND_CARD_URL, BRAND_LOGO_URL } from '../../domain/social-image.ts'

/**
 * The business, with its logo and the returns and delivery terms that hold for every product
 * (https://developers.google.com/search/docs/appearance/structured-data/organization).
 */
export default (pageContext: PageContextServer) => {
  const origin = pageContext.siteUrl ?? ''
  const office = COMPANY.registeredOffice
  const { deliveryPrice, deliveryDays } = pageContext.services
  const shipping = shippingServiceJsonLd({ deliveryPrice, deliveryDays })
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: COMPANY.brand,
    legalName: COMPANY.legalName,
    url: `${origin}/`,
    // Raster, as search and shopping surfaces take: the brand's card and its square mark.
    image: `${origin}${BRAND_CARD_URL}`,
    logo: `${origin}${BRAND_LOGO_URL}`,
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
    hasMerchantReturnPolicy: returnPolicyJsonLd(origin),
    ...(shipping && { hasShippingService: shipping }),
  }
}
