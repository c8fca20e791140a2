/**
 * The overview's run over every product as forms that post (before the page's script runs, or without it):
 * started, shown going on in the page that answers, stopped, and refused with the reason on the page.
 */
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { GENERATION_STATUS } from '../../domain/image-generation.ts'
import { NO_KEY_MESSAGE } from '../../server/routes/generate-images.server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { imageRunsForFile, TWO } from '../helpers/image-runs.ts'
import { pageText } from '../helpers/page-text.ts'
import { sentBack } from '../helpers/sent-back.ts'

vi.setConfig({ testTimeout: 60_000 })

const { fake, app } = imageRunsForFile()
const HERE = '/admin#generator-heading'

describe('Generate All Product Images, as a form', () => {
  it('starts a run, shows it going on with a way to follow it, refuses a second, and stops', async () => {
    let release = () => {}
    const released = new Promise<void>((r) => (release = r))
    fake.set({ hold: () => released })
    try {
      const t = await app({ IMAGE_CONCURRENCY: '1' }, TWO)
      const idle = pageText((await request(t.app).get('/admin').expect(200)).text)
      expect(idle).toContain('Ready to generate 8 images for 2 products.')
      expect(idle).not.toContain('Refresh to see how far it got')

      const started = await request(t.app).post('/admin/generate-images').type('form').send({}).expect(303)
      expect(started.headers.location).toBe(HERE)
      expect(t.services.images.generator.current).not.toBeNull()
      await expect.poll(() => fake.requests.length).toBe(1)

      const during = await request(t.app).get('/admin').expect(200)
      expect(during.headers['cache-control']).toBe('private, no-store')
      const text = pageText(during.text)
      expect(text).toContain(GENERATION_STATUS.starting)
      expect(text).toContain('Refresh to see how far it got')
      expect(during.text).toMatch(/<form action="\/admin\/generate-images\/stop" method="post">/)
      // The run going on cannot be started again: its button is greyed out, beside a Stop that works.
      expect(during.text).toMatch(/<button type="submit" class="[^"]*admin-generator__button" disabled=""/)

      // A second tap while it runs says why nothing started.
      const second = await request(t.app).post('/admin/generate-images').type('form').send({})
      const refused = await sentBack(t.app, second)
      expect(pageText(refused.text)).toContain('An image generation is already running.')
      // ...beside the run it means, still shown going on, with its Stop.
      expect(pageText(refused.text)).toContain(GENERATION_STATUS.starting)
      expect(refused.text).toMatch(/<form action="\/admin\/generate-images\/stop" method="post">/)

      const job = t.services.images.generator.current!
      expect(
        (await request(t.app).post('/admin/generate-images/stop').type('form').send({}).expect(303)).headers.location,
      ).toBe(HERE)
      release()
      const { results } = await job.result
      expect(results.successCount).toBe(0)
      // Only the image already asked for was sent: the stop spent nothing more.
      expect(fake.requests).toHaveLength(1)
      expect(t.services.images.generator.current).toBeNull()
      expect(pageText((await request(t.app).get('/admin').expect(200)).text)).not.toContain(
        'Refresh to see how far it got',
      )
      // Stopping when nothing runs is no error: the page shows how things stand.
      await request(t.app).post('/admin/generate-images/stop').type('form').send({}).expect(303)
    } finally {
      release()
      fake.set({ hold: undefined })
    }
  })

  it('without OPENAI_API_KEY, comes back saying what to set, having started nothing', async () => {
    const t = await app({ OPENAI_API_KEY: '' }, TWO)
    const posted = await request(t.app).post('/admin/generate-images').type('form').send({})
    const text = pageText((await sentBack(t.app, posted)).text)
    expect(text).toContain(NO_KEY_MESSAGE)
    expect(t.services.images.generator.current).toBeNull()
    expect(fake.requests).toHaveLength(0)
  })

  it('is the owner’s alone: refused without the admin password, nothing started', async () => {
    const t = await app({ ADMIN_PASSWORD: 'correct horse battery' }, TWO)
    for (const path of ['/admin/generate-images', '/admin/generate-images/stop'])
      expect((await request(t.app).post(path).type('form').send({})).status, path).toBe(401)
    expect(t.services.images.generator.current).toBeNull()
    const owner = await request(t.app)
      .post('/admin/generate-images')
      .set('Authorization', basicAuth('correct horse battery'))
      .type('form')
      .send({})
      .expect(303)
    expect(owner.headers.location).toBe(HERE)
    const job = t.services.images.generator.current!
    await request(t.app)
      .post('/admin/generate-images/stop')
      .set('Authorization', basicAuth('correct horse battery'))
      .type('form')
      .send({})
      .expect(303)
    await job.result
  })
})
