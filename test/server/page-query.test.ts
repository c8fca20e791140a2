/**
 * The query parameters a page reads are declared in its own folder
 * (`+query.ts`), and from there alone reach it through the shared cache.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import { getGlobalContextSync } from 'vike/server'
import { describe, expect, it } from 'vitest'
import { cacheTarget } from '../../server/cache/cache-target.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { testAppForFile } from '../helpers/server.ts'

const t = testAppForFile()

/** Vike's pages a visitor may be answered from the shared cache (the workspace never is). */
function sharedPages() {
  return Object.entries(getGlobalContextSync().pages).filter(
    ([, page]) => typeof page.route === 'string' && !page.route.startsWith('/admin'),
  )
}

/** The names a page's own files read from `urlParsed.search`. */
function namesRead(pageId: string): string[] {
  const folder = path.join(ROOT, pageId)
  const files = readdirSync(folder).filter((name) => /\.tsx?$/.test(name))
  return files.flatMap((name) =>
    [...readFileSync(path.join(folder, name), 'utf8').matchAll(/\bsearch\??\.(\w+)/g)].map((m) => m[1]!),
  )
}

describe('query parameters', () => {
  it('every one a shared page reads is declared beside it, in its own +query.ts', () => {
    const read = sharedPages().map(([pageId, page]) => ({ pageId, names: namesRead(pageId), query: page.config.query }))
    expect(read.some(({ names }) => names.length > 0)).toBe(true)
    for (const { pageId, names, query } of read) {
      const declared = [...Object.keys(query?.vary ?? {}), ...(query?.bypass ?? [])]
      for (const name of names) expect(declared, `${pageId} reads ?${name}`).toContain(name)
    }
    for (const [pageId, page] of sharedPages()) {
      if (page.config.query) expect(page._source.query?.definedAt, pageId).toBe(`${pageId}/+query.ts`)
    }
  })

  it(
    'reaches the page from its declaration alone, through the cache, with ' + 'what else the address carries dropped',
    async () => {
      const target = cacheTarget('/products?utm_source=x&category=bags', 'https://shop.example')
      expect(target).toEqual({
        key: 'https://shop.example/products?category=bags',
        url: '/products?category=bags',
        origin: 'https://shop.example',
      })
      const miss = await request(t.app).get('/products?utm_source=x&category=bags').expect(200)
      expect(miss.text).toContain('<title>Handmade Leather Bags &amp; Briefcases | Ashbourne Leather</title>')
      const hit = await request(t.app).get('/products?category=bags').expect(200)
      expect(hit.text).toBe(miss.text)
      expect(hit.headers['cache-status']).toMatch(/hit/)
    },
  )
})
