/**
 * What hydration puts back, in real Chromium on a page of repeated forms (one per photograph, the
 * same field names in each): only what the person typed, each in its own form; hidden inputs and
 * untouched fields keep what the server sent. React's reset is played by resetting every field.
 */
import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { transformWithOxc } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { workerBrowser } from '../helpers/shared-browser.ts'

let browser: Browser
beforeAll(async () => void (browser = await workerBrowser()))

const FORMS = ['a', 'b', 'c']
  .map(
    (name, i) =>
      `<form><input type="hidden" name="src" value="/${name}.jpg"><input ` +
      `name="note" aria-label="Note ${i + 1}" value="note ${i + 1}"></form>`,
  )
  .join('')

describe('keeping what was typed through hydration', () => {
  it('puts back only what the person typed, each in its own form, and never writes a hidden input', async () => {
    const source = await readFile(new URL('../../renderer/browser/keep-typed.client.ts', import.meta.url), 'utf8')
    const { code } = await transformWithOxc(source, 'keep-typed.client.ts', { lang: 'ts' })
    const page = await browser.newPage()
    await page.setContent(`<div id="root">${FORMS}</div>`)
    // Typed before the page's script started: no listener heard it.
    await page.getByLabel('Note 2').click()
    await page.keyboard.type(' typed early')
    await page.addScriptTag({
      type: 'module',
      content: `${code}\nwindow.kept = keepTyped(document.getElementById('root'))`,
    })
    await page.waitForFunction(() => 'kept' in window)
    await page.getByLabel('Note 3').click()
    await page.keyboard.type(' typed during')
    // A script writing a field is not the person typing.
    await page.getByLabel('Note 1').evaluate((input: HTMLInputElement) => {
      input.value = 'set by a script'
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    const after = await page.evaluate(async () => {
      for (const input of document.querySelectorAll('input')) input.value = input.defaultValue
      await (window as unknown as { kept: { restore: () => Promise<void> } }).kept.restore()
      const values = (name: string) =>
        [...document.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)].map((i) => i.value)
      return { notes: values('note'), srcs: values('src'), focused: document.activeElement?.getAttribute('aria-label') }
    })
    expect(after).toEqual({
      notes: ['note 1', 'note 2 typed early', 'note 3 typed during'],
      srcs: ['/a.jpg', '/b.jpg', '/c.jpg'],
      focused: 'Note 3',
    })
    await page.close()
  })
})
