import path from 'node:path'
import sharp from 'sharp'
import { IMAGE_ANGLES } from '../domain/business.ts'
import { mediaDirFor, ROOT } from '../server/paths.server.ts'
import { storeAngleImage, type StoredImage } from '../server/services/images/media.server.ts'
import { launchBrowser } from './helpers/browser.ts'
import { startTestServer } from './helpers/server.ts'

const t = await startTestServer()
const image = await sharp(path.join(ROOT, 'public/images/hero.svg'), { density: 150 }).resize(1024, 1024, { fit: 'cover' }).png().toBuffer()
for (const id of ['oxford-brogue', 'chelsea-boot']) {
  const images: StoredImage[] = []
  for (const angle of IMAGE_ANGLES) images.push((await storeAngleImage({ mediaDir: mediaDirFor(t.dataFile), productId: id, generationId: 'run1', angle, image })).stored)
  await t.services.photoFormats.idle()
  await t.store.updateProduct(id, (p) => ({ ...p, mainImage: images[0]!.src, images }))
}
const browser = await launchBrowser()
for (const [name, width, height] of [['375', 375, 740], ['1440', 1440, 900]] as const) {
  const context = await browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  for (const [slug, url] of [['home', '/'], ['products', '/products'], ['product', '/products/oxford-brogue']]) {
    await page.goto(t.url + url)
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `/tmp/lcp25-shots/${slug}-${name}.png` })
    if (slug === 'product') console.log(await page.evaluate(() => [...document.images].slice(0, 3).map((i) => `${i.currentSrc} ${i.getBoundingClientRect().width}`).join('\n')))
  }
  await context.close()
}
await browser.close()
await t.close()
