import request from 'supertest'
import type { ProductValues } from '../../domain/product-form.ts'
import type { TestServer } from './server.ts'

/** A new product as the owner types it in 'Add a product' (its photograph comes later, on its page). */
export const NEW_BELT: ProductValues = {
  id: '',
  name: 'Plaited Bridle Belt',
  price: '£95.00',
  category: 'belts',
  availability: 'in-stock',
  leadTime: '',
  sku: 'BL-PLB-001',
  description: 'Plaited bridle leather.',
  mainImage: '',
  paymentLink: 'https://buy.stripe.com/plaited',
}

/** A hidden field's value as the page gives it, unescaped. */
export function hiddenField(html: string, name: string): string {
  const raw = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1]
  if (raw === undefined) throw new Error(`The page has no hidden field ${name}.`)
  return raw
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** A product's edit form as its page gives it: the values it shows and its hidden base. */
export async function openProductForm(t: TestServer, id: string): Promise<Record<string, string>> {
  const page = await request(t.app)
    .get(`/admin/products/${encodeURIComponent(id)}`)
    .expect(200)
  const base = hiddenField(page.text, 'base')
  return { ...(JSON.parse(base) as Record<string, string>), base }
}

/** Posts a product's edit form, as a browser without scripts does. */
export const saveProductForm = (t: TestServer, id: string, form: Record<string, string>) =>
  request(t.app)
    .post(`/admin/products/${encodeURIComponent(id)}`)
    .type('form')
    .send(form)

/** A page's text as read: tags and scripts gone, entities the pages use decoded, spaces collapsed. */
export const pageText = (html: string): string =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
