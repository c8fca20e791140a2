/**
 * The owner's photo buttons over HTTP: each form names its photograph and the list it was made
 * from, acts on that photograph only, says what it did, and is refused (409) once the list changed.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { PHOTOS_CHANGED } from '../../domain/photo-list.ts'
import { addPhotos, photosNow, photoVersion } from '../helpers/photo-forms.ts'
import { testAppForFile } from '../helpers/server.ts'
import { pageText } from '../helpers/page-text.ts'
import { sentBack } from '../helpers/sent-back.ts'

const t = testAppForFile()

const change = (id: string, fields: Record<string, string>) =>
  request(t.app).post(`/admin/products/${id}/photos/change`).type('form').send(fields)

describe('a photo button', () => {
  it('acts on the photograph it names and says what it did', async () => {
    const [main, two, three, four] = await addPhotos(t, 'derby-shoe', 3)
    const steps: { src: string; action: string; list: (string | undefined)[]; says: string }[] = [
      { src: two!, action: 'main', list: [two, main, three, four], says: 'Photograph 2 is now the main photograph.' },
      {
        src: four!,
        action: 'earlier',
        list: [two, main, four, three],
        says: 'Photograph 4 moved earlier: it is photograph 3 now.',
      },
      {
        src: main!,
        action: 'later',
        list: [two, four, main, three],
        says: 'Photograph 2 moved later: it is photograph 3 now.',
      },
      { src: two!, action: 'remove', list: [four, main, three], says: 'Main photograph removed.' },
      { src: three!, action: 'remove', list: [four, main], says: 'Photograph 3 removed.' },
    ]
    for (const step of steps) {
      const res = await change('derby-shoe', {
        src: step.src,
        action: step.action,
        version: photoVersion(t, 'derby-shoe'),
      }).expect(303)
      expect(photosNow(t, 'derby-shoe'), step.action).toEqual(step.list)
      const page = await request(t.app).get(String(res.headers.location)).expect(200)
      expect(pageText(page.text)).toContain(step.says)
    }
  })

  it('is refused (409) when the photographs changed after its page was made, and nothing changes', async () => {
    const [main, two, three] = await addPhotos(t, 'monk-strap', 2)
    const opened = photoVersion(t, 'monk-strap')
    // Another tab makes photograph 3 the main one.
    await change('monk-strap', { src: three!, action: 'main', version: opened }).expect(303)
    const now = [three, main, two]
    for (const action of ['main', 'earlier', 'later', 'remove']) {
      const refused = await sentBack(t.app, await change('monk-strap', { src: two!, action, version: opened }))
      expect(pageText(refused.text)).toContain(PHOTOS_CHANGED)
      expect(refused.headers['cache-control']).toBe('private, no-store')
      expect(photosNow(t, 'monk-strap'), action).toEqual(now)
    }
    // A form that names no list, or a photograph not in it, changes nothing either.
    await sentBack(t.app, await change('monk-strap', { src: two!, action: 'remove' }))
    await sentBack(
      t.app,
      await change('monk-strap', {
        src: '/images/seed/briefcase.svg',
        action: 'main',
        version: photoVersion(t, 'monk-strap'),
      }),
    )
    expect(photosNow(t, 'monk-strap')).toEqual(now)
  })
})
