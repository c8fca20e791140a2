import { beforeAll, describe, expect, it } from 'vitest'
import { cacheTarget, type RouteParameters } from '../../server/cache/cache-target.server.ts'
import { SERVER_ENTRY } from '../../server/config/paths.server.ts'

// Each page's parameters are what Vike's build says it declares, as in the running site.
beforeAll(() => import(/* @vite-ignore */ SERVER_ENTRY))

const ORIGIN = 'https://www.example.co.uk'
const key = (url: string, table?: readonly RouteParameters[]) => {
  const target = cacheTarget(url, ORIGIN, table)
  return target && { key: target.key, url: target.url }
}

describe('cache keys', () => {
  it('leaves tracking and unknown parameters out of the key and of the address rendered', () => {
    for (const url of [
      '/?fbclid=IwAR1',
      '/?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e',
      '/?gclid=x',
      '/?msclkid=y',
      '/?anything=else',
      '/?',
    ]) {
      expect(key(url), url).toEqual({ key: `${ORIGIN}/`, url: '/' })
    }
    expect(key('/terms?fbclid=1')).toEqual({ key: `${ORIGIN}/terms`, url: '/terms' })
  })

  it('keeps the catalogue filter, in the order given, with whatever else stripped', () => {
    expect(key('/products?utm_source=x&category=bags&fbclid=2')).toEqual({
      key: `${ORIGIN}/products?category=bags`,
      url: '/products?category=bags',
    })
    expect(key('/products?category=ba%67s')).toEqual(key('/products?category=bags'))
    expect(key('/products?category=bags')!.key).not.toBe(key('/products?category=belts')!.key)
    // The filter means nothing on other pages.
    expect(key('/?category=bags')!.key).toBe(`${ORIGIN}/`)
  })

  it("follows a page's rules for its data address", () => {
    expect(key('/products/index.pageContext.json?category=belts&utm_source=x')!.url).toBe(
      '/products/index.pageContext.json?category=belts',
    )
    expect(key('/index.pageContext.json?fbclid=1')!.url).toBe('/index.pageContext.json')
    expect(key('/contact/index.pageContext.json?form=abc')).toBeUndefined()
  })

  it("keeps requests carrying a visitor's own form state away from the cache, however /contact is spelled", () => {
    for (const path of [
      '/contact',
      '/contact/',
      '/CONTACT',
      '//contact',
      '/%63ontact',
      '/contact/index.pageContext.json',
    ]) {
      expect(key(`${path}?form=abc`), path).toBeUndefined()
      expect(key(`${path}?utm_source=x&form=abc`), path).toBeUndefined()
    }
    expect(key('/contact?utm_source=x')!.key).toBe(`${ORIGIN}/contact`)
  })

  it("keeps a product page's order form parameter and drops the rest", () => {
    expect(key('/products/oxford-brogue?order=1&fbclid=2&utm_source=x')).toEqual({
      key: `${ORIGIN}/products/oxford-brogue?order=1`,
      url: '/products/oxford-brogue?order=1',
    })
    expect(key('/products/oxford-brogue?order=1')!.key).not.toBe(key('/products/oxford-brogue')!.key)
    expect(key('/products/oxford-brogue?gclid=3')).toEqual({
      key: `${ORIGIN}/products/oxford-brogue`,
      url: '/products/oxford-brogue',
    })
    expect(key('/products/oxford-brogue/index.pageContext.json?order=1')!.url).toBe(
      '/products/oxford-brogue/index.pageContext.json?order=1',
    )
    // `order` means nothing on the catalogue, nor deeper down.
    expect(key('/products?order=1')!.url).toBe('/products')
    expect(key('/products/a/b?order=1')!.url).toBe('/products/a/b')
  })

  it('takes rules for routes with a variable segment', () => {
    const table: RouteParameters[] = [{ route: '/journal/@slug', vary: { page: (value) => /^\d+$/.test(value) } }]
    expect(key('/journal/spring?page=2&fbclid=2', table)!.url).toBe('/journal/spring?page=2')
    expect(key('/journal?page=2', table)!.url).toBe('/journal')
  })

  it(
    'keys on the origin too (without SITE_URL absolute links come from the ' +
      'request), and refuses what is not a path',
    () => {
      expect(cacheTarget('/', 'http://a.example')!.key).not.toBe(cacheTarget('/', 'http://b.example')!.key)
      expect(key('http://www.example.co.uk/')).toBeUndefined()
      expect(key('*')).toBeUndefined()
    },
  )

  it('keeps a parameter only with a value the page accepts; any other value is the page without it', () => {
    for (const value of ['shoes', 'BAGS', '', 'bags%00', 'x'.repeat(500)]) {
      expect(key(`/products?category=${value}`), value).toEqual({ key: `${ORIGIN}/products`, url: '/products' })
    }
    for (const value of ['2', 'true', '01', '']) {
      expect(key(`/products/oxford-brogue?order=${value}`), value).toEqual({
        key: `${ORIGIN}/products/oxford-brogue`,
        url: '/products/oxford-brogue',
      })
    }
    // The page reads the last value given, as the router does.
    expect(key('/products?category=bags&category=belts')!.url).toBe('/products?category=belts')
    expect(key('/products?category=bags&category=nope')!.url).toBe('/products')
  })

  it(
    'keeps only the plain spelling of a path: escapes, doubled and trailing ' +
      'slashes and dot segments are not cached',
    () => {
      for (const spelling of [
        '/%70roducts',
        '/products/',
        '//products',
        '/./products',
        '/products/../products',
        '/products/%77eekender-holdall',
        '/products%2Fweekender-holdall',
        '/products\\x',
      ]) {
        expect(key(spelling), spelling).toBeUndefined()
      }
      expect(key('/products/weekender-holdall')!.url).toBe('/products/weekender-holdall')
    },
  )
})
