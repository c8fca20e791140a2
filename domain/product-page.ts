import { schemaAvailability } from './availability.ts'
import { CATEGORY_LABELS, COMPANY, IMAGE_ANGLES, WHATSAPP_URL } from './business.ts'
import { filterHref, productPath } from './catalogue.ts'
import { returnPolicyJsonLd, shippingDetailsJsonLd } from './merchant-listing.ts'
import type { PhotoFormats } from './product-image.ts'
import type { Product, StoredProduct } from './product.ts'

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
  return `${WHATSAPP_URL}?text=${encodeURIComponent(text)}`
}

const absolute = (origin: string, src: string) => (/^https?:\/\//.test(src) ? src : `${origin}${src}`)

/** The price as schema.org wants it: digits and a decimal point ('£1,250.00' -> '1250.00'). */
export function schemaPrice(price: string): string {
  return price.replace(/[£,]/g, '')
}

/**
 * schema.org Product with its Offer (GBP, its availability, returns and
 * delivery, at the product's page), for search engines and shopping listings.
 */
/**
 * schema.org Product with its Offer. A product's own page adds the terms shopping listings read
 * (`terms`: returns and delivery); the catalogue lists each product without them, as they are the
 * same for every product and would weigh on its first paint.
 */
export function productJsonLd(product: StoredProduct, origin: string, terms?: { deliveryPrice: string | undefined }) {
  const url = `${origin}${productPath(product)}`
  return {
    '@type': 'Product',
    '@id': `${url}#product`,
    url,
    name: product.name,
    description: product.description,
    sku: product.sku,
    category: CATEGORY_LABELS[product.category],
    image: galleryOf(product).map((i) => absolute(origin, i.src)),
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
        shippingDetails: shippingDetailsJsonLd(product, terms.deliveryPrice),
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
