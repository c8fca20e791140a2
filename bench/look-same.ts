/**
 * Pixel comparison of screenshots at 375 and 1440 px: `shoot <dir>` on
 * each build, then `diff <before> <after>` (writes `<name>.diff.png`).
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { launchBrowser, openContext, waitForHydration, type ViewportName } from '../support/browser.ts'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'

const PAGES = {
  home: '/',
  products: '/products',
  product: '/products/oxford-brogue',
  contact: '/contact',
  terms: '/terms',
}
const WIDTHS: ViewportName[] = ['phone', 'desktop']
const CLEAR_DIFFERENCE = 32

async function shoot(dir: string) {
  buildIfNeeded()
  await mkdir(dir, { recursive: true })
  const { dataFile } = await prepareDataDir(0)
  const server = await startBenchServer({ DATA_FILE: dataFile })
  const browser = await launchBrowser()
  try {
    for (const [name, pagePath] of Object.entries(PAGES)) {
      for (const viewport of WIDTHS) {
        const { page, context } = await openContext(browser, server.url, { viewport, reducedMotion: 'reduce' })
        await page.goto(pagePath)
        await waitForHydration(page)
        // Below-the-fold images are lazy: scrolled to once, so the full page holds them all.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await page.waitForLoadState('networkidle')
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.waitForTimeout(300)
        await page.screenshot({
          path: path.join(dir, `${name}-${viewport}.png`),
          fullPage: true,
          animations: 'disabled',
        })
        await context.close()
      }
    }
  } finally {
    await browser.close()
    server.child.kill('SIGTERM')
    await server.exited
  }
}

async function diff(beforeDir: string, afterDir: string) {
  const rows = []
  for (const name of Object.keys(PAGES)) {
    for (const viewport of WIDTHS) {
      const file = `${name}-${viewport}.png`
      const [a, b] = await Promise.all(
        [beforeDir, afterDir].map((d) =>
          sharp(path.join(d, file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
        ),
      )
      const { width, height } = a!.info
      if (b!.info.width !== width || b!.info.height !== height) {
        rows.push({
          page: file,
          size: `${width}x${height} -> ${b!.info.width}x${b!.info.height}`,
          differing: 'layout changed',
          clearly: '',
        })
        continue
      }
      const out = Buffer.alloc(width * height * 4)
      let differing = 0
      let clearly = 0
      for (let i = 0; i < out.length; i += 4) {
        let delta = 0
        for (let c = 0; c < 3; c++) delta = Math.max(delta, Math.abs(a!.data[i + c]! - b!.data[i + c]!))
        if (delta > 0) differing++
        if (delta > CLEAR_DIFFERENCE) clearly++
        const grey = (a!.data[i]! + a!.data[i + 1]! + a!.data[i + 2]!) / 3
        const faded = 200 + grey / 5
        out.set(
          delta > 0
            ? [255, delta > CLEAR_DIFFERENCE ? 0 : 160, delta > CLEAR_DIFFERENCE ? 0 : 160, 255]
            : [faded, faded, faded, 255],
          i,
        )
      }
      await sharp(out, { raw: { width, height, channels: 4 } })
        .png()
        .toFile(path.join(afterDir, file.replace('.png', '.diff.png')))
      rows.push({ page: file, size: `${width}x${height}`, differing, clearly })
    }
  }
  console.table(rows)
}

const [command, first, second] = process.argv.slice(2)
if (command === 'shoot' && first) await shoot(first)
else if (command === 'diff' && first && second) await diff(first, second)
else {
  console.error('Usage: tsx bench/look-same.ts shoot <dir> | diff <before-dir> <after-dir>')
  process.exitCode = 2
}
