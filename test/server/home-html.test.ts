import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTION_CARDS, TESTIMONIALS } from '../../components/home/content.ts'
import { BUSINESS_HOURS, COMPANY, WHATSAPP_URL } from '../../domain/business.ts'
import { pageText } from '../helpers/page-text.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
let html: string
beforeAll(async () => {
  t = await createTestApp()
  const res = await request(t.app).get('/').expect(200)
  expect(res.headers['content-type']).toMatch(/text\/html/)
  html = res.text
})
afterAll(() => t.close())

/** Asserts each needle occurs after the previous one; names the first that does not. */
function expectInOrder(haystack: string, needles: readonly string[]) {
  let from = 0
  for (const needle of needles) {
    const at = haystack.indexOf(needle, from)
    expect(
      at,
      `"${needle}" after position ${from} (previous: ...${haystack.slice(Math.max(0, from - 60), from)})`,
    ).toBeGreaterThanOrEqual(0)
    from = at + needle.length
  }
}

describe('the landing page HTML', () => {
  it(
    'holds every section text, in their fixed order: header, hero, ' +
      'heritage, collection, quality, testimonials, contact, footer',
    () => {
      const office = COMPANY.registeredOffice
      expectInOrder(pageText(html), [
        // header
        COMPANY.brand,
        'LTD',
        'Shop',
        'Heritage',
        'Contact',
        'WhatsApp',
        // hero
        'Timeless Footwear & Accessories',
        'Discover the Collection',
        'Enquire Now',
        'Quality Guaranteed',
        'Handcrafted',
        'Handmade',
        'Premium Leather',
        'Quality Guaranteed',
        'British craftsmanship',
        // heritage
        'Heritage & Craftsmanship',
        'Premium Materials',
        'Expert Craftsmanship',
        'Timeless Design',
        // collection
        'Our Collection',
        ...COLLECTION_CARDS.flatMap((c) => [c.title, c.description, 'View Collection']),
        // values
        'Quality Guaranteed',
        'Authenticity',
        'Craftsmanship',
        'Durability',
        'Luxury',
        // testimonials
        'What Our Clients Say',
        ...TESTIMONIALS.flatMap((x) => [x.initials, x.name, x.title]),
        // contact
        'Get in Touch',
        'WhatsApp',
        COMPANY.emails.enquiries,
        COMPANY.emails.orders,
        office.street,
        `${office.locality} ${office.postcode}`,
        office.country,
        'Mon-Fri',
        '9:00 AM-6:00 PM',
        'Sat',
        '10:00 AM-4:00 PM',
        'Sun',
        'Closed',
        'Send us a Message',
        'First name',
        'Last name',
        'Email',
        'Subject',
        'Message',
        'Send Message',
        // footer
        'Terms & Conditions',
        `company number ${COMPANY.companyNumber}`,
      ])
    },
  )

  it('renders the testimonials with their text, and the sections inside their anchors', () => {
    const text = pageText(html)
    for (const x of TESTIMONIALS) expectInOrder(text, [x.text, x.initials, x.name, x.title])
    const at = (pattern: RegExp) => {
      const m = pattern.exec(html)
      expect(m, String(pattern)).not.toBeNull()
      return m!.index
    }
    const hero = at(/<h1[^>]*>Timeless Footwear &amp; Accessories<\/h1>/)
    const about = at(/<section id="about"/)
    const aboutTitle = at(/<h2[^>]*>Heritage &amp; Craftsmanship<\/h2>/)
    const collection = at(/<section id="collection"/)
    const collectionTitle = at(/<h2[^>]*>Our Collection<\/h2>/)
    const quality = at(/<h2[^>]*>Quality Guaranteed<\/h2>/)
    const clients = at(/<h2[^>]*>What Our Clients Say<\/h2>/)
    const contact = at(/<section id="contact"/)
    const contactTitle = at(/<h2[^>]*>Get in Touch<\/h2>/)
    const footer = at(/<footer/)
    expect([
      hero,
      about,
      aboutTitle,
      collection,
      collectionTitle,
      quality,
      clients,
      contact,
      contactTitle,
      footer,
    ]).toEqual(
      [hero, about, aboutTitle, collection, collectionTitle, quality, clients, contact, contactTitle, footer].sort(
        (a, b) => a - b,
      ),
    )
    // Exactly one h1 on the page, and one element per anchor.
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    for (const id of ['about', 'collection', 'contact'])
      expect(html.match(new RegExp(`id="${id}"`, 'g'))).toHaveLength(1)
  })

  it('links the hero: Discover scrolls to #collection, Enquire opens the chat in a new tab', () => {
    expect(html).toMatch(/<a class="[^"]*" href="#collection">Discover the Collection<\/a>/)
    const enquire = /<a [^>]*>Enquire Now/.exec(html)?.[0]
    expect(enquire).toContain(`href="${WHATSAPP_URL}"`)
    expect(enquire).toContain('target="_blank"')
    expect(enquire).toContain('rel="noopener noreferrer"')
  })

  it('links each collection card to the catalogue with its filter, and gives its image a size and an alt', () => {
    for (const card of COLLECTION_CARDS) {
      expect(html).toMatch(new RegExp(`<a class="[^"]*" href="/products\\?category=${card.category}">View Collection`))
      const img = new RegExp(`<img src="${card.image}"[^>]*>`).exec(html)?.[0]
      expect(img, card.image).toBeDefined()
      expect(img).toContain('width="800"')
      expect(img).toContain('height="600"')
      expect(img).toContain(`alt="${card.alt}"`)
      expect(card.alt.length).toBeGreaterThan(10)
    }
  })

  it('announces each testimonial’s five stars as one rating', () => {
    expect(html.match(/role="img" aria-label="Rated 5 out of 5"/g)).toHaveLength(TESTIMONIALS.length)
    const ratings = [...html.matchAll(/<div class="stars" role="img"[^>]*>([\s\S]*?)<\/div>/g)]
    expect(ratings).toHaveLength(3)
    for (const r of ratings) expect(r[1]!.match(/<svg/g)).toHaveLength(5)
  })

  it('gives the contact section the chat link, both e-mail addresses as mailto links and the business hours', () => {
    const contact = html.slice(html.indexOf('<section id="contact"'), html.indexOf('<footer'))
    expect(contact).toMatch(new RegExp(`<a href="${WHATSAPP_URL}" target="_blank" rel="noopener noreferrer">`))
    expect(contact).toContain(`href="mailto:${COMPANY.emails.enquiries}"`)
    expect(contact).toContain(`href="mailto:${COMPANY.emails.orders}"`)
    expect(contact).toContain('<address>')
    for (const h of BUSINESS_HOURS) expect(contact).toMatch(new RegExp(`<dt>${h.days}</dt><dd>${h.hours}</dd>`))
    expect(contact).toMatch(/<form[^>]*>/)
  })

  it('hides nothing before JavaScript runs: no element is marked for the entrance animation', () => {
    // The markup, not the stylesheet written into the head (whose rules apply only once marked).
    const markup = html.replace(/<style[\s\S]*?<\/style>/g, '')
    expect(html).toMatch(/\[data-reveal=/) // the rules are there...
    expect(markup).not.toMatch(/data-reveal=/) // ...and no element is marked
    expect(markup).not.toMatch(/opacity:\s*0/)
  })

  it('serves the pictures it references from the repository, and preloads the hero', async () => {
    const srcs = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!)
    expect(srcs).toEqual(
      expect.arrayContaining(['/images/hero.svg', '/images/workshop.svg', ...COLLECTION_CARDS.map((c) => c.image)]),
    )
    for (const src of srcs) {
      expect(src.startsWith('/'), `${src} is local`).toBe(true)
      const res = await request(t.app).get(src).expect(200)
      expect(res.headers['content-type']).toMatch(/^image\//)
    }
    // In the head, ahead of the page's inline styles.
    expect(html.slice(0, html.indexOf('<style'))).toMatch(
      /<link rel="preload" as="image" href="\/images\/hero.svg" fetchPriority="high"\/>/,
    )
    const hero = html.match(/<img [^>]*src="\/images\/hero.svg"[^>]*>/)?.[0]
    expect(hero).toMatch(/ width="1600"[^>]* height="1000"/)
  })

  it('describes the business to search engines with its address and opening hours', () => {
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1]
    expect(json).toBeDefined()
    const data = JSON.parse(json!)
    expect(data['@type']).toBe('Store')
    expect(data.legalName).toBe(COMPANY.legalName)
    expect(data.address.postalCode).toBe(COMPANY.registeredOffice.postcode)
    expect(data.openingHoursSpecification).toHaveLength(2)
  })
})
