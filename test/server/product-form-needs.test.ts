/**
 * What a product still needs, as the owner's pages say it without scripts: the form names the fields
 * Save cannot do without and marks each for assistive technology, and a refused Publish links each
 * missing thing to where the page asks for it.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { checkProduct, PRODUCT_FIELDS } from '../../domain/product-form.ts'
import { PUBLISH_NEEDS } from '../../domain/publishing.ts'
import { NEED_AT } from '../../pages/admin/products/@id/Publishing.tsx'
import { PRODUCT_SPECS } from '../../pages/admin/products/product-fields.ts'
import { pageText } from '../helpers/page-text.ts'
import { NEW_BELT } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { testAppForFile } from '../helpers/server.ts'

const t = testAppForFile()

/** The opening tag of the control with this id. */
const controlTag = (html: string, id: string) =>
  new RegExp(`<(?:input|select|textarea)[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0]

describe('the product form', () => {
  it('marks exactly the fields Save refuses empty, and names them once, beside Save', async () => {
    const html = (await request(t.app).get('/admin/products/new').expect(200)).text
    const listed = PRODUCT_FIELDS.filter((f) => f !== 'showFewLeft' && f !== 'mainImage')
    // An empty web address is made from the name before the check (its hint says so).
    const refusedEmpty = listed.filter((f) => {
      if (f === 'id') return false
      const check = checkProduct({ ...NEW_BELT, [f]: '' }, { isNew: true })
      return !check.success && check.errors[f] !== undefined
    })
    expect(refusedEmpty.length).toBeGreaterThan(3)
    for (const f of listed) {
      const tag = controlTag(html, `product-${f}`)
      expect(tag, f).toBeDefined()
      expect(tag!.includes('aria-required="true"'), f).toBe(refusedEmpty.includes(f))
    }
    const labels = refusedEmpty.map((f) => PRODUCT_SPECS[f as keyof typeof PRODUCT_SPECS].label)
    expect(pageText(html)).toContain(`Needed to save: ${labels.join(', ')}.`)
  })
})

describe('a refused Publish', () => {
  it('links what the draft still needs to where its page asks for it', async () => {
    const { mainImage: _, ...belt } = NEW_BELT
    const added = await request(t.app).post('/admin/products/new').type('form').send(belt).expect(303)
    const address = String(added.headers.location).replace(/\?.*/, '')
    const refused = await sentBack(t.app, await request(t.app).post(`${address}/publish`))
    expect(refused.text).toContain(`<a href="#photos">${PUBLISH_NEEDS.photo}</a>`)
    // Every need's place is on a draft's page, so a link never leads nowhere.
    for (const id of Object.values(NEED_AT)) expect(refused.text, id).toContain(` id="${id}"`)
  })
})
