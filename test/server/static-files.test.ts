/** Files served as they are: a folder of them is no address, so it answers 404, never a redirect to itself. */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawClient, type RawClient } from '../helpers/raw-http.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
let http: RawClient
beforeAll(async () => {
  // A folder as uploads leave it, beside the data file.
  t = await createTestApp({
    prepare: async (dir) => {
      await mkdir(path.join(dir, 'media', 'products', 'oxford-brogue'), { recursive: true })
      await writeFile(path.join(dir, 'media', 'products', 'oxford-brogue', 'main.jpg'), 'a photograph')
    },
  })
  http = await rawClient(t.handler)
})
afterAll(async () => {
  await http.close()
  await t.close()
})

/** Follows redirects as a browser would, up to its own limit (20). */
async function settle(start: string): Promise<{ status: number; hops: string[] }> {
  const hops = [start]
  for (;;) {
    const res = await http.send(hops.at(-1)!)
    if (res.status < 300 || res.status >= 400 || hops.length > 20) return { status: res.status, hops }
    hops.push(new URL(String(res.headers.location), 'http://x').pathname)
  }
}

describe('folders of photographs', () => {
  it('answer 404, with or without a slash, however deep', async () => {
    for (const folder of ['/media', '/media/products', '/media/products/oxford-brogue', '/images/seed']) {
      for (const address of [folder, `${folder}/`]) {
        const { status, hops } = await settle(address)
        expect(status, hops.join(' → ')).toBe(404)
        expect(hops.length, hops.join(' → ')).toBeLessThanOrEqual(2)
      }
    }
    // The files in them are served as before.
    const file = await http.send('/media/products/oxford-brogue/main.jpg')
    expect(file.status).toBe(200)
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
