/**
 * Records the characters each face draws (styles/font-characters.json) for the
 * build's cut; test/browser/budgets.test.ts fails when a page draws one not recorded.
 */
import { writeFile } from 'node:fs/promises'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'
import { launchBrowser, openContext, waitForHydration, VIEWPORTS, type ViewportName } from '../support/browser.ts'
import { fontUse } from '../support/font-use.ts'
import { buildIfNeeded } from './build-if-needed.ts'

export const TEXT_PAGES = [
  '/',
  '/products',
  '/products/oxford-brogue',
  '/products/oxford-brogue?order=1',
  '/contact',
  '/contact/sent',
  '/terms',
  '/privacy',
  '/cookies',
  '/returns',
  '/admin',
  '/no-such-page',
]

if (import.meta.filename === process.argv[1]) {
  buildIfNeeded()
  const { dataFile } = await prepareDataDir(0)
  const server = await startBenchServer({ DATA_FILE: dataFile })
  const browser = await launchBrowser()
  const drawn = new Map<string, Set<string>>()
  try {
    for (const pagePath of TEXT_PAGES) {
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const { page, context } = await openContext(browser, server.url, { viewport })
        await page.goto(pagePath)
        await waitForHydration(page)
        for (const use of await fontUse(page))
          drawn.set(use.face, new Set([...(drawn.get(use.face) ?? []), ...use.chars]))
        await context.close()
      }
    }
  } finally {
    await browser.close()
    server.child.kill('SIGTERM')
  }
  const json = Object.fromEntries(
    [...drawn].sort(([a], [b]) => a.localeCompare(b)).map(([face, chars]) => [face, [...chars].sort().join('')]),
  )
  await writeFile(new URL('../styles/font-characters.json', import.meta.url), `${JSON.stringify(json, null, 2)}\n`)
  console.log(json)
}
