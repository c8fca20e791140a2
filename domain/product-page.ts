import { schemaAvailability } from './availability.ts'
import { CATEGORY_LABELS, COMPANY, IMAGE_ANGLES, WHATSAPP_URL } from './business.ts'
import { filterHref, productPath } from './catalogue.ts'
import { returnPolicyJsonLd, shippingDetailsJsonLd, type DeliveryTerms } from './merchant-listing.ts'
import { listingImage, type PhotoFormats } from './product-image.ts'
import type { Product, StoredProduct } from './product.ts'
import { uriComponent } from './plain-text.ts'

type Angle = (typeof IMAGE_ANGLES)[number]

/**
 * One photograph of a product on its page (`angle` tells them
 * apart: a generated angle, or the owner's n-th photograph).
 */
export type GalleryImage = { angle: Angle | `photo-${number}`; src: string; label: string; avif?: true }

const ANGLE_NAMES: Record<Angle, string> = {
  main: 'Main view',
  '45-degree': '45-degree view',
  'side profile': 'Side profile',
  detail: 'Detail',
}

/**
 * The photographs the product shows, main first: the owner's in their order,
 * else a generated set's other angles (so a first change keeps them).
 */
export function photosOf(product: StoredProduct): string[] {
  const own = (product.photos ?? []).map((p) => p?.src)
  const others = own.length > 0 ? own : generatedOf(product).map((i) => i.src)
  const rest = [...new Set(others.filter((src): src is string => typeof src === 'string' && src !== product.mainImage))]
  // A draft's first photograph may not be uploaded yet.
  return product.mainImage ? [product.mainImage, ...rest] : rest
}

const generatedOf = (product: StoredProduct) =>
  (product.images ?? []).filter(
    (i): i is { angle: Angle; src: string } =>
      (IMAGE_ANGLES as readonly string[]).includes(i.angle) && typeof i.src === 'string',
  )

/**
 * The photographs a product page shows: the owner's own (main first, then in their order), else the
 * set a generation run stored, in the order main, 45-degree, side profile, detail, or else the main
 * image alone.
 */
export function galleryOf(product: StoredProduct, formats?: PhotoFormats): GalleryImage[] {
  return shownOf(product).map((image) => (formats?.hasAvif(image.src) ? { ...image, avif: true } : image))
}

function shownOf(product: StoredProduct): GalleryImage[] {
  if ((product.photos ?? []).length > 0) {
    return photosOf(product).map((src, i) => ({
      angle: i === 0 ? 'main' : `photo-${i + 1}`,
      src,
      label: i === 0 ? 'Main photograph' : `Photograph ${i + 1}`,
    }))
  }
  const stored = generatedOf(product)
  const ordered = IMAGE_ANGLES.flatMap((angle) => stored.filter((i) => i.angle === angle).slice(0, 1))
  const images =
    ordered.length > 0 && ordered[0]!.angle === 'main' ? ordered : [{ angle: 'main' as const, src: product.mainImage }]
  return images.map((i) => ({ angle: i.angle, src: i.src, label: ANGLE_NAMES[i.angle] }))
}

/** The WhatsApp chat with the product's name and sku already written in the message. */
export function askAboutHref(product: Pick<Product, 'name' | 'sku'>): string {
  const text = `Hello ${COMPANY.brand}, I would like to ask about the ${product.name} (${product.sku}).`
  return `${WHATSAPP_URL}?text=${uriComponent(text)}`
}

const absolute = (origin: string, src: string) => (/^https?:\/\//.test(src) ? src : `${origin}${src}`)

/** The price as schema.org wants it: digits and a decimal point ('£1,250.00' -> '1250.00'). */
export function schemaPrice(price: string): string {
  return price.replace(/[£,]/g, '')
}

/** What a product's JSON-LD is made with beyond the product: its photographs as the page shows them, and their formats. */
export type ListingOptions = {
  /** The photographs, main first (default: the product's own gallery). */
  images?: readonly string[]
  formats?: PhotoFormats
  /** A product's own page adds the terms shopping listings read (returns and delivery). */
  terms?: DeliveryTerms
}

/** A product's photographs as listings take them: absolute, raster, the largest there is. */
export function listingImagesOf(product: StoredProduct, origin: string, options: ListingOptions = {}): string[] {
  const images = options.images ?? galleryOf(product).map((i) => i.src)
  return images.map((src) => absolute(origin, listingImage(src, options.formats)))
}

/**
 * schema.org Product with its Offer, for search engines and shopping listings. The catalogue lists
 * each product without the terms, as they are the same for every product and would weigh on its first paint.
 * The stock code is the maker's part number: the shop makes what it sells, so there is no GTIN.
 */
export function productJsonLd(product: StoredProduct, origin: string, options: ListingOptions = {}) {
  const url = `${origin}${productPath(product)}`
  const { terms } = options
  return {
    '@type': 'Product',
    '@id': `${url}#product`,
    url,
    name: product.name,
    description: product.description,
    sku: product.sku,
    mpn: product.sku,
    category: CATEGORY_LABELS[product.category],
    image: listingImagesOf(product, origin, options),
    brand: { '@type': 'Brand', name: COMPANY.brand },
    offers: {
      '@type': 'Offer',
      url,
      price: schemaPrice(product.price),
      priceCurrency: 'GBP',
      availability: schemaAvailability(product),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: COMPANY.legalName },
      ...(terms && {
        hasMerchantReturnPolicy: returnPolicyJsonLd(origin),
        shippingDetails: shippingDetailsJsonLd(product, terms),
      }),
    },
  }
}

/** schema.org BreadcrumbList: Home › Our Collection › category › product. */
export function breadcrumbJsonLd(product: Product, origin: string) {
  const trail = breadcrumbTrail(product)
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.label,
      item: `${origin}${step.href}`,
    })),
  }
}

/** The product's place in the shop, each step a link. */
export function breadcrumbTrail(product: Product): { label: string; href: string }[] {
  return [
    { label: 'Home', href: '/' },
    { label: 'Our Collection', href: '/products' },
    { label: CATEGORY_LABELS[product.category], href: filterHref(product.category) },
    { label: product.name, href: productPath(product) },
  ]
}
