/** The README shows the first start's lines as the server prints them, for a fresh copy with no settings. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, it } from 'vitest'
import { loadConfig } from '../../server/config/config.server.ts'
import { startLines } from '../../server/first-start.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'

it("shows the first start's lines as they print", async () => {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8')
  const shown = /```text\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
  const [first, ...rest] = startLines({
    port: 3000,
    host: '::',
    mode: 'production',
    dataFile: '/srv/ashbourne/data/db.json',
    createdFromSeed: true,
    products: 14,
    settingsFile: undefined,
    config: loadConfig({}),
  })
  expect(shown).toContain([first, ...rest.map((l) => `  ${l}`)].join('\n'))
})
