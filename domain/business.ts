/**
 * The company and what it sells (docs/site.md): the one place
 * pages, schemas, legal texts, e-mails and JSON-LD read these from.
 */

/** International format, digits only, as wa.me wants it. */
const WHATSAPP_NUMBER = '447700900123'

export const COMPANY = {
  brand: 'Ashbourne Leather',
  /** The brand as shown in the header: the name followed by 'LTD'. */
  legalSuffix: 'LTD',
  legalName: 'Ashbourne Leather LTD',
  companyNumber: '14827365',
  registeredIn: 'England and Wales',
  registeredOffice: {
    street: 'Unit 4, Tannery Yard, 27 Bridge Street',
    locality: 'Northampton',
    postcode: 'NN1 1NF',
    country: 'United Kingdom',
    countryCode: 'GB',
  },
  emails: {
    enquiries: 'hello@ashbourneleather.co.uk',
    orders: 'orders@ashbourneleather.co.uk',
  },
  whatsappNumber: WHATSAPP_NUMBER,
  whatsappDisplay: '+44 7700 900123',
  foundedYear: 1987,
} as const

// Marked pure, so a browser bundle that shows no address leaves the company's details out.
export const REGISTERED_OFFICE_LINE = /* @__PURE__ */ [
  COMPANY.registeredOffice.street,
  COMPANY.registeredOffice.locality,
  COMPANY.registeredOffice.postcode,
  COMPANY.registeredOffice.country,
].join(', ')

export const WHATSAPP_URL = `https://wa.me/${WHATSAPP_NUMBER}`

export const BUSINESS_HOURS = [
  {
    days: 'Mon-Fri',
    hours: '9:00 AM-6:00 PM',
    schemaDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '18:00',
  },
  { days: 'Sat', hours: '10:00 AM-4:00 PM', schemaDays: ['Saturday'], opens: '10:00', closes: '16:00' },
  { days: 'Sun', hours: 'Closed', schemaDays: [] as string[], opens: null, closes: null },
] as const

export const CATEGORIES = ['belts', 'footwear', 'bags'] as const
export type Category = (typeof CATEGORIES)[number]

export const CATEGORY_LABELS: Record<Category, string> = {
  belts: 'Belts',
  footwear: 'Footwear',
  bags: 'Bags',
}

/** The catalogue's filter buttons, in the order they are shown. */
export const FILTERS = [
  { value: 'all', label: 'All Products' },
  { value: 'belts', label: 'Belts' },
  { value: 'footwear', label: 'Footwear' },
  { value: 'bags', label: 'Bags' },
] as const
export type CategoryFilter = (typeof FILTERS)[number]['value']

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value)
}

/** A `category` query value selects a filter only when it is a known category; any other value shows all. */
export function filterFromParam(value: unknown): CategoryFilter {
  return isCategory(value) ? value : 'all'
}

export const FOOTWEAR_SIZES = ['39', '40', '41', '42', '43', '44', '45'] as const

export const CONTACT_SUBJECTS = [
  { value: 'footwear', label: 'Footwear Enquiry' },
  { value: 'bags', label: 'Bags Enquiry' },
  { value: 'belts', label: 'Belts Enquiry' },
  { value: 'custom', label: 'Custom Order' },
  { value: 'general', label: 'General Enquiry' },
] as const

export function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value
}

export const MESSAGE_MIN_LENGTH = 10
/** The angles each product is photographed from, in the order its page shows them. */
export const IMAGE_ANGLES = ['main', '45-degree', 'side profile', 'detail'] as const

/** Policy terms stated by the legal pages. */
export const POLICY = {
  lastUpdated: 'January 2025',
  dispatchBusinessDays: '5-7',
  inspectWithinHours: 48,
  cancellationDays: 14,
  refundWithinDaysOfNotice: 14,
  returnGoodsWithinDays: 14,
  faultyReportWithinDays: 30,
  refundProcessingBusinessDays: '5-10',
  orderRecordsYears: 7,
  /** The terms: we deliver to addresses in the United Kingdom (ISO 3166 code, as search engines want it). */
  deliveryCountryCode: 'GB',
  /** The terms' business days, Monday to Friday: the days dispatch and lead times are counted in. */
  businessDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
} as const
