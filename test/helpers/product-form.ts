import type { Page } from 'playwright-core'
import request from 'supertest'
import type { ProductValues } from '../../domain/product-form.ts'
import { hiddenField } from './page-text.ts'
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

/** The fields of a product as GET /api/products gives it, in order: the public ones only. */
export const PUBLIC_PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'price',
  'sku',
  'category',
  'mainImage',
  'paymentLink',
]

/** Types NEW_BELT into the open 'Add a product' page, as the owner does, and adds it as a draft. */
export async function addNewBeltInBrowser(page: Page): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(NEW_BELT.name)
  await page.getByLabel('Price', { exact: true }).fill(NEW_BELT.price)
  await page.getByLabel('Category', { exact: true }).selectOption(NEW_BELT.category)
  await page.getByLabel('SKU (stock code)').fill(NEW_BELT.sku)
  await page.getByLabel('Card payment page', { exact: true }).fill(NEW_BELT.paymentLink)
  await page.getByRole('button', { name: 'Add as a draft' }).click()
}
