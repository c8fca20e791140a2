import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe-core's violations on the page as it is now, one line each. */
export async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP does not apply to the checker itself.
  await page.evaluate(AXE)
  const result = await page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: {
          run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>
        }
      }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    })
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  return result
}
