import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createTestApp, testAppForFile } from '../helpers/server.ts'
import { pageScripts } from '../helpers/wire.ts'
import { pageText } from '../helpers/page-text.ts'

const t = testAppForFile()

describe('server-rendered catalogue (/products)', () => {
  it('has every product in the HTML, no loading state, and the filters with counts', async () => {
    const res = await request(t.app).get('/products').expect(200)
    const body = pageText(res.text)
    for (const p of t.store.products) {
      expect(body).toContain(p.name)
      expect(body).toContain(p.sku)
      expect(body).toContain(p.price)
    }
    expect(res.text).not.toContain('Loading our premium collection...')
    const n = (c: string) => t.store.products.filter((p) => p.category === c).length
    expect(body).toContain(`All Products (${t.store.products.length})`)
    expect(body).toContain(`Belts (${n('belts')})`)
    expect(body).toContain(`Footwear (${n('footwear')})`)
    expect(body).toContain(`Bags (${n('bags')})`)
    expect(body.match(/Purchase Now/g)).toHaveLength(t.store.products.length)
  })

  it('filters on the server from a valid category, and ignores any other value', async () => {
    const bags = pageText((await request(t.app).get('/products?category=bags')).text)
    for (const p of t.store.products) {
      if (p.category === 'bags') expect(bags).toContain(p.name)
      else expect(bags).not.toContain(p.name)
    }
    for (const q of ['hats', 'BAGS', '', 'bags%00']) {
      const res = await request(t.app).get(`/products?category=${q}`).expect(200)
      expect(pageText(res.text).match(/Purchase Now/g)).toHaveLength(t.store.products.length)
    }
  })

  it('links the filters as real URLs and marks the current one', async () => {
    const html = (await request(t.app).get('/products?category=belts')).text
    expect(html).toMatch(/<a href="\/products\?category=belts"[^>]*aria-current="true"/)
    expect(html).toContain('href="/products"')
    expect(html).toContain('href="/products?category=footwear"')
  })

  it('gives images their size, and lazy-loads those below the first row', async () => {
    const html = (await request(t.app).get('/products')).text
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0])
    expect(imgs.length).toBe(t.store.products.length)
    for (const img of imgs) expect(img).toMatch(/width="\d+"[^>]*height="\d+"/)
    expect(imgs.slice(3).every((i) => i.includes('loading="lazy"'))).toBe(true)
    expect(imgs.slice(0, 3).some((i) => i.includes('loading="lazy"'))).toBe(false)
  })
})

describe('head tags', () => {
  it('gives each page its own title and description, in en-GB', async () => {
    const seen = new Set<string>()
    for (const path of [
      '/',
      '/products',
      '/products?category=bags',
      '/terms',
      '/privacy',
      '/cookies',
      '/returns',
      '/admin',
    ]) {
      const html = (await request(t.app).get(path).expect(200)).text
      expect(html).toContain('<html lang="en-GB">')
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1]
      expect(title, path).toBeTruthy()
      expect(description, path).toBeTruthy()
      expect(seen.has(title!), `${path} repeats a title`).toBe(false)
      seen.add(title!)
    }
  })
})

describe('island data is serialised safely', () => {
  it('shows a product name holding </script><script> as text and never as markup', async () => {
    const evil = '</script><script>window.__pwned=1</script><img src=x onerror=alert(1)>'
    await t.store.updateProduct('oxford-brogue', (p) => ({ ...p, name: evil, description: `"'&<>${evil}` }))
    const html = (await request(t.app).get('/products')).text
    expect(html).not.toContain('<script>window.__pwned=1</script>')
    expect(html).not.toContain('<img src=x onerror')
    // The props the browser hydrates the catalogue with still carry the exact name.
    const attr = /data-island="catalogue" data-props="([^"]*)"/.exec(html)?.[1]
    expect(attr).toBeTruthy()
    const json = attr!
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
    const props = JSON.parse(json) as { products: { id: string; name: string }[] }
    expect(props.products.find((p) => p.id === 'oxford-brogue')?.name).toBe(evil)
  })
})

describe('stylesheets inside the page (first paint without a CSS request)', () => {
  it("puts every page's styles into its head, with no stylesheet to fetch, after <meta charset>", async () => {
    for (const path of [
      '/',
      '/products',
      '/products/oxford-brogue',
      '/terms',
      '/admin',
      '/contact/sent',
      '/no-such-page',
    ]) {
      const res = await request(t.app).get(path)
      const head = res.text.slice(0, res.text.indexOf('</head>'))
      expect(head, path).not.toMatch(/<link rel="stylesheet"/)
      const css = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('')
      expect(css.length, path).toBeGreaterThan(2000)
      // The site's own look (header, footer) is in every page, not only the page's own rules.
      expect(css, path).toContain('.site-header')
      expect(res.text.indexOf('<meta charset="utf-8"'), path).toBeLessThan(1024)
    }
  })
})

const scriptTags = (html: string) => [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>/g)].map((m) => m[0])

describe('scripts: only the pages with something to work load any, one module each', () => {
  it('sends the policy pages, the thank-you page and the 404 page with no script at all', async () => {
    for (const path of ['/terms', '/privacy', '/cookies', '/returns', '/contact/sent', '/no-such-page']) {
      const html = (await request(t.app).get(path)).text
      expect(scriptTags(html), path).toEqual([])
      expect(html, path).not.toMatch(/modulepreload/)
    }
  })

  it('loads one async module after the footer on the pages with a form, a filter or an order button', async () => {
    for (const path of ['/', '/products', '/products/oxford-brogue', '/contact', '/admin']) {
      const html = (await request(t.app).get(path)).text
      const scripts = scriptTags(html)
      expect(scripts, path).toHaveLength(1)
      expect(scripts[0], path).toMatch(/^<script src="\/assets\/entries\/[\w-]+\.[\w-]+\.js" type="module" async>$/)
      // After everything a visitor sees: the page paints and works as HTML before it runs.
      expect(html.indexOf(scripts[0]!), path).toBeGreaterThan(html.lastIndexOf('</footer>'))
      for (const src of pageScripts(html)) {
        const res = await request(t.app).get(src).expect(200)
        expect(res.headers['content-type'], src).toMatch(/javascript/)
      }
    }
  })
})

describe('/admin says whether image generation is set up in its first paint (no layout shift later)', () => {
  const warning = 'Image generation is not set up on this server yet'
  it('warns in the server-rendered page when OPENAI_API_KEY is not set', async () => {
    const res = await request(t.app).get('/admin').expect(200)
    expect(pageText(res.text)).toContain(warning)
  })

  it('does not warn when it is set', async () => {
    const keyed = await createTestApp({ env: { OPENAI_API_KEY: 'sk-test', ADMIN_PASSWORD: 'correct horse' } })
    try {
      const res = await request(keyed.app).get('/admin').auth('admin', 'correct horse').expect(200)
      expect(pageText(res.text)).not.toContain(warning)
      expect(pageText(res.text)).toContain('Generate All Product Images')
    } finally {
      await keyed.close()
    }
  })
})
