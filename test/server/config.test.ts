import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config/config.server.ts'

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: undefined,
      dataFile: 'data/db.json',
      smtpUrl: undefined,
      openaiApiKey: undefined,
      adminPassword: undefined,
      imageDailyLimit: undefined,
      trustProxy: false,
    })
    expect(c.mailTo).toMatch(/@/)
  })

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_FILE: '/srv/shop/db.json',
      SMTP_URL: 'smtp://u:p@mail.example.com:587',
      MAIL_TO: 'owner@example.com',
      MAIL_FROM: 'Shop <shop@example.com>',
      OPENAI_API_KEY: 'sk-test',
      ADMIN_PASSWORD: 'saddle-stitch-42',
      IMAGE_DAILY_LIMIT: '30',
      TRUST_PROXY: '1',
      SITE_URL: 'https://www.example.co.uk/',
    })
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataFile: '/srv/shop/db.json',
      mailTo: 'owner@example.com',
      trustProxy: 1,
      siteUrl: 'https://www.example.co.uk',
    })
    expect(c).toMatchObject({ adminPassword: 'saddle-stitch-42', imageDailyLimit: 30 })
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SMTP_URL', 'mail.example.com'],
    ['MAIL_TO', 'not-an-address'],
    ['SITE_URL', 'example.co.uk'],
    ['LOG_LEVEL', 'loud'],
    ['IMAGE_DAILY_LIMIT', 'lots'],
    ['IMAGE_DAILY_LIMIT', '0'],
    ['DELIVERY_PRICE', '£4.95'],
    ['DELIVERY_PRICE', '4.955'],
    ['DELIVERY_PRICE', '-1'],
    ['DELIVERY_DAYS', '1-3 days'],
    ['DELIVERY_DAYS', '3-1'],
    ['DELIVERY_DAYS', 'soon'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value) => {
    const err = (() => {
      try {
        loadConfig({ [name]: value })
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as Error).message).toContain(name)
  })

  it('reads a delivery price in pounds, with two decimals; none when unset', () => {
    expect(loadConfig({}).deliveryPrice).toBeUndefined()
    expect(loadConfig({ DELIVERY_PRICE: ' 4.95 ' }).deliveryPrice).toBe('4.95')
    expect(loadConfig({ DELIVERY_PRICE: '5' }).deliveryPrice).toBe('5.00')
    expect(loadConfig({ DELIVERY_PRICE: '0' }).deliveryPrice).toBe('0.00')
  })

  it('reads the time in the post in business days (DELIVERY_DAYS); none when unset', () => {
    expect(loadConfig({}).deliveryDays).toBeUndefined()
    expect(loadConfig({ DELIVERY_DAYS: ' 1-3 ' }).deliveryDays).toEqual({ min: 1, max: 3 })
    expect(loadConfig({ DELIVERY_DAYS: '2' }).deliveryDays).toEqual({ min: 2, max: 2 })
  })

  const refusal = (env: Record<string, string>): ConfigError => {
    try {
      loadConfig(env)
    } catch (e) {
      if (e instanceof ConfigError) return e
      throw e
    }
    throw new Error(`accepted ${JSON.stringify(env)}`)
  }

  it('refuses an admin password shorter than 12 characters, without repeating it', () => {
    for (const short of ['x', 'pw', 'saddle soap', '  elevenchars  ', 'ñandú-piel!']) {
      const err = refusal({ ADMIN_PASSWORD: short })
      expect(err.message).toMatch(/ADMIN_PASSWORD must be at least 12 characters long/)
      expect(err.message).not.toContain(short.trim())
    }
    // Characters, not bytes: twelve accented letters are enough.
    expect(loadConfig({ ADMIN_PASSWORD: 'ñandúñandúña' }).adminPassword).toBe('ñandúñandúña')
    expect(loadConfig({ ADMIN_PASSWORD: 'correct horse' }).adminPassword).toBe('correct horse')
  })

  it('reads the Stripe webhook secret, and refuses one of another shape without repeating it', () => {
    expect(loadConfig({}).stripeWebhookSecret).toBeUndefined()
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: ' whsec_abc123DEF ' }).stripeWebhookSecret).toBe('whsec_abc123DEF')
    for (const wrong of ['sk_live_abc123', 'whsec_abc 123', 'abc123secretvalue', 'whsec_x-y']) {
      const err = refusal({ STRIPE_WEBHOOK_SECRET: wrong })
      expect(err.message).toMatch(/STRIPE_WEBHOOK_SECRET must be the signing secret of your webhook endpoint in Stripe/)
      expect(err.message).not.toContain(wrong)
    }
  })

  it.each(['true', 'TRUE', 'yes', 'on'])('refuses TRUST_PROXY=%s and asks for a hop count or a subnet', (value) => {
    const err = refusal({ TRUST_PROXY: value })
    expect(err.message).toMatch(
      /TRUST_PROXY must say which proxies to trust: a hop count .* or their address or subnet/,
    )
  })

  it.each([
    ['1', 1],
    ['2', 2],
    ['loopback', 'loopback'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['false', false],
    ['off', false],
  ])('accepts TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected)
  })

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: undefined })
  })
})
