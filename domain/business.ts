/**
 * Every business constant of the site, in one place: those listed in docs/site.md and the company's
 * details.
 * Pages, schemas, legal texts, e-mails and JSON-LD all read from here.
 */

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
  /** International format, digits only, as wa.me wants it. */
  whatsappNumber: '447700900123',
  whatsappDisplay: '+44 7700 900123',
  foundedYear: 1987,
} as const

export const REGISTERED_OFFICE_LINE = [
  COMPANY.registeredOffice.street,
  COMPANY.registeredOffice.locality,
  COMPANY.registeredOffice.postcode,
  COMPANY.registeredOffice.country,
].join(', ')

export const WHATSAPP_URL = `https://wa.me/${COMPANY.whatsappNumber}`

export const BUSINESS_HOURS = [
  { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM', schemaDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
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
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value']

export function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value
}

export const MESSAGE_MIN_LENGTH = 10
export const SOLID_NAV_SCROLL_PX = 100
export const ADMIN_OVERVIEW_COUNT = 6
export const IMAGE_ANGLES = ['main', '45-degree', 'side profile', 'detail'] as const
export const IMAGE_SIZE = '1024x1024' as const
/** Image requests sent at once during a generation (IMAGE_CONCURRENCY overrides it). */
export const IMAGE_CONCURRENCY = 3
/** Rough seconds one image takes at the highest quality, for the admin page's time estimate. */
export const IMAGE_SECONDS_PER_IMAGE = 45
/** OpenAI's list price in US dollars for one 1024x1024 image at each model's highest quality. */
export const IMAGE_PRICE_USD: Record<string, number> = {
  'gpt-image-1': 0.167,
  'gpt-image-1-mini': 0.036,
  'dall-e-3': 0.08,
  'dall-e-2': 0.02,
}

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  autoCloseMs: 5000,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const

export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300 } as const

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
} as const
