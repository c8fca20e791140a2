/**
 * The card chat apps show for a shared product: made from its main
 * photograph, or the brand's card when there is no file to make it from.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { SOCIAL_IMAGE, socialImagePath } from '../../domain/social-image.ts'
import { loggerInto, testAppForFile } from '../helpers/server.ts'

const ELSEWHERE = 'https://images.example.com/oxford-brogue.jpg'
const MISSING = '/media/products/chelsea-boot/gone-1024.webp'

const [brogue, boot, ...rest] = seedProducts
const products = [{ ...brogue!, mainImage: ELSEWHERE }, { ...boot!, mainImage: MISSING }, ...rest]
const log: string[] = []
const t = testAppForFile({
  prepare: (dir) => writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] })),
  logger: loggerInto(log),
})

describe('a share card', () => {
  it(
    'is the brand’s card, as a 1200×630 JPEG, when the main photograph is ' +
      'not a file of the site, and logs no error',
    async () => {
      for (const [id, src] of [
        ['oxford-brogue', ELSEWHERE],
        ['chelsea-boot', MISSING],
      ] as const) {
        const res = await request(t.app).get(socialImagePath(id, src))
        expect(res.status, src).toBe(200)
        expect(res.headers['content-type'], src).toBe('image/jpeg')
        expect(await sharp(res.body as Buffer).metadata(), src).toMatchObject({
          format: 'jpeg',
          width: SOCIAL_IMAGE.width,
          height: SOCIAL_IMAGE.height,
        })
        // Not kept for a year: the photograph may be there later.
        expect(res.headers['cache-control'], src).not.toContain('immutable')
      }
      const lines = log.map((l) => JSON.parse(l) as { level: number; err?: { stack?: string } })
      expect(lines.filter((l) => l.level >= 50)).toEqual([])
      expect(log.join('\n')).not.toContain('    at ')
    },
  )
})
