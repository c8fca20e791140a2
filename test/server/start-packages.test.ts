/**
 * A start of the shop (after a crash, an update, a reboot) loads only what serving pages needs: the image
 * library, the OpenAI SDK and the mail library wait for the first photograph, image run or e-mail.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { socialImagePath } from '../../domain/social-image.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { until } from '../../support/until.ts'

const LATER = ['sharp', 'openai', 'nodemailer']

// Node's module hooks name every package the server asks for, on its standard error.
const HOOKS = `let port
export function initialize(data) { port = data.port }
export async function resolve(specifier, context, next) {
  if (${JSON.stringify(LATER)}.includes(specifier)) port.postMessage(specifier)
  return next(specifier, context)
}`
const REGISTER = `import { register } from 'node:module'
import { MessageChannel } from 'node:worker_threads'
const { port1, port2 } = new MessageChannel()
port1.on('message', (name) => process.stderr.write('package loaded: ' + name + '\\n'))
port1.unref()
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), {
  data: { port: port2 },
  transferList: [port2],
})`

let dir: string
let server: ChildServer
const loaded = () => [...server.output().matchAll(/package loaded: (\w+)/g)].map((m) => m[1])

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'start-packages-'))
  const register = path.join(dir, 'register.mjs')
  await writeFile(register, REGISTER)
  server = await spawnServer(
    { DATA_FILE: path.join(dir, 'db.json') },
    { wrap: ([node, ...rest]) => [node!, '--import', register, ...rest] },
  )
})

afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  await rm(dir, { recursive: true, force: true })
})

it('loads neither sharp, the OpenAI SDK nor nodemailer to start and serve pages, and sharp for the first picture it makes', async () => {
  for (const page of ['/', '/products', `/products/${seedProducts[0]!.id}`]) {
    expect((await fetch(server.url + page)).status, page).toBe(200)
  }
  expect(loaded()).toEqual([])

  // A chat app asks for a product's share card: made from its photograph by sharp.
  const card = await fetch(server.url + socialImagePath(seedProducts[0]!.id, seedProducts[0]!.mainImage))
  expect(card.status).toBe(200)
  expect(card.headers.get('content-type')).toBe('image/jpeg')
  await until('sharp to be named as loaded', () => loaded().includes('sharp'), { timeoutMs: 10_000 })
  expect(loaded()).not.toContain('openai')
  expect(loaded()).not.toContain('nodemailer')
})
