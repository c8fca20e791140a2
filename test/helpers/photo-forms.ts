import sharp from 'sharp'
import request from 'supertest'
import { photoListVersion } from '../../domain/photo-list.ts'
import { photosOf } from '../../domain/product-page.ts'
import type { TestServer } from './server.ts'

/** The product's photographs as the store holds them now, the main one first. */
export const photosNow = (t: TestServer, id: string): string[] => photosOf(t.store.products.find((p) => p.id === id)!)

/** What a photo form made from the product's photographs as they are now carries. */
export const photoVersion = (t: TestServer, id: string): string => photoListVersion(photosNow(t, id))

/**
 * Uploads `count` photographs, each a colour of its own, as the
 * owner's form does; answers the product's photographs then.
 */
export async function addPhotos(t: TestServer, id: string, count: number): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 40 * i, g: 90, b: 200 - 40 * i } },
    })
      .png()
      .toBuffer()
    await request(t.app).post(`/admin/products/${id}/photos`).attach('photo', png, `photo-${i}.png`).expect(303)
  }
  return photosNow(t, id)
}
