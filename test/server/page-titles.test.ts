/**
 * A page's title says what came back, as it is the first thing a screen reader reads as the page
 * arrives: a form sent back with something to put right says "Error:" first (the same page otherwise
 * keeps its own title), and the inbox says what a search or filter found, and which page it is on.
 * As a browser without scripts meets them: the post, its 303, the page it leads to with its cookie.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { decodeEntities } from '../helpers/page-text.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { NEW_BELT } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { testAppForFile } from '../helpers/server.ts'

const t = testAppForFile({ env: { CONTACT_RATE_LIMIT: '0' } })

const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
/** An owner's form posted as a browser without scripts posts it, and the page it is sent back to. */
const refusedPost = async (address: string, form: Record<string, string> = {}) =>
  sentBack(t.app, await request(t.app).post(address).type('form').send(form))
/** The title of a page asked for afresh, with no form sent back. */
const titleAt = async (address: string) => titleOf((await request(t.app).get(address).expect(200)).text)

describe('a refused form’s page', () => {
  it('the contact form, sent back with its mistakes', async () => {
    const posted = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ firstName: 'Jane', lastName: '', email: 'jane@nowhere', subject: 'belts', message: 'hi' })
      .expect(303)
    const cookie = ((posted.headers['set-cookie'] ?? []) as string[]).map((c) => c.split(';')[0]).join('; ')
    const back = await request(t.app)
      .get(String(posted.headers.location).replace(/#.*/, ''))
      .set('Cookie', cookie)
      .expect(200)
    expect(titleOf(back.text)).toBe('Error: Contact Us | Ashbourne Leather')
    expect(await titleAt('/contact')).toBe('Contact Us | Ashbourne Leather')
  })

  it('a new product without a name, then a draft refused on Publish', async () => {
    const { mainImage: _, ...belt } = NEW_BELT
    const unnamed = await refusedPost('/admin/products/new', { ...belt, name: '' })
    expect(titleOf(unnamed.text)).toBe('Error: Add a product | Ashbourne Leather')
    expect(await titleAt('/admin/products/new')).toBe('Add a product | Ashbourne Leather')

    const added = await request(t.app).post('/admin/products/new').type('form').send(belt).expect(303)
    const address = String(added.headers.location).replace(/\?.*/, '')
    const refused = await refusedPost(`${address}/publish`)
    expect(titleOf(refused.text)).toBe(`Error: ${belt.name} | Products | Ashbourne Leather`)
    expect(await titleAt(address)).toBe(`${belt.name} | Products | Ashbourne Leather`)
  })
})

describe('the inbox’s title', () => {
  it('says what a search or a filter found, and a later page’s number', async () => {
    for (let n = 0; n < 26; n++) await t.store.addEnquiry(newEnquiry(n))
    expect(await titleAt('/admin/enquiries')).toBe('Enquiries | Ashbourne Leather')
    expect(await titleAt('/admin/enquiries?page=2')).toBe('Enquiries, page 2 of 2 | Ashbourne Leather')
    expect(await titleAt('/admin/enquiries?q=ann7%40example.com')).toBe('Enquiries: 1 match | Ashbourne Leather')
    expect(await titleAt('/admin/enquiries?q=nobody&subject=bags')).toBe('Enquiries: none match | Ashbourne Leather')
    expect(await titleAt('/admin/enquiries?spam=1')).toBe('Likely spam | Ashbourne Leather')
  })
})
