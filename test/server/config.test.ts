import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.server.ts'

describe('configuration from the environment', () => {
  it('has the CONTRACT defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 3000, host: undefined, dataFile: 'data/db.json', smtpUrl: undefined, openaiApiKey: undefined, adminPassword: undefined, trustProxy: false })
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
      ADMIN_PASSWORD: 'secret',
      TRUST_PROXY: '1',
      SITE_URL: 'https://www.example.co.uk/',
    })
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataFile: '/srv/shop/db.json', mailTo: 'owner@example.com', trustProxy: 1, siteUrl: 'https://www.example.co.uk' })
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SMTP_URL', 'mail.example.com'],
    ['MAIL_TO', 'not-an-address'],
    ['SITE_URL', 'example.co.uk'],
    ['LOG_LEVEL', 'loud'],
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

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: undefined })
  })
})
