import { describe, expect, it } from 'vitest'
import { siteHost } from '../../server/http/site-host.server.ts'

const SITE = 'https://www.example.co.uk'

describe('siteHost', () => {
  it(
    'with SITE_URL, takes its host (any case, default port) and loopback ' +
      'hosts with any port, and refuses the rest',
    () => {
      for (const host of [
        'www.example.co.uk',
        'WWW.Example.CO.UK',
        'www.example.co.uk:443',
        'localhost',
        'localhost:3000',
        '127.0.0.1:9',
        '127.1.2.3',
        '[::1]:3000',
        '[::1]',
      ]) {
        expect(siteHost(host, SITE), host).toBeDefined()
      }
      for (const host of [
        'evil.example',
        'example.co.uk',
        'www.example.co.uk.evil.example',
        'www.example.co.uk:8080',
        '10.0.0.1',
        '',
        undefined,
        'example/products',
        'www.example.co.uk/x',
      ]) {
        expect(siteHost(host, SITE), String(host)).toBeUndefined()
      }
    },
  )

  it('without SITE_URL, takes any well-formed host name or address, in one spelling', () => {
    expect(siteHost('Shop.Example:80', undefined)).toBe('shop.example')
    expect(siteHost('203.0.113.5:3000', undefined)).toBe('203.0.113.5:3000')
    expect(siteHost('[2001:db8::1]:8080', undefined)).toBe('[2001:db8::1]:8080')
    expect(siteHost('example.', undefined)).toBe('example')
    for (const host of [
      'example/products',
      'ex ample',
      'a..b',
      '-a.example',
      'a_b.example',
      '[not-ipv6]',
      'example:99999',
      'example:',
      'user@example',
      '',
      undefined,
    ]) {
      expect(siteHost(host, undefined), String(host)).toBeUndefined()
    }
  })
})
