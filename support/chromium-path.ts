import { existsSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The full Chromium (Lighthouse needs it): CHROMIUM_PATH, Debian's, or one Playwright downloaded. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ]
  for (const c of candidates) if (c && existsSync(c)) return c
  const cache = path.join(os.homedir(), '.cache', 'ms-playwright')
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)
      .filter((d) => d.startsWith('chromium'))
      .sort()
      .reverse()) {
      const exe = path.join(cache, dir, 'chrome-linux', 'chrome')
      if (existsSync(exe)) return exe
    }
  }
  return null
}

/** Debian's headless-only build of the same Chromium, installed beside it. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's headless shell (a
 * page costs it about half the CPU of the full browser), else the full browser.
 */
export function findTestChromium(): string | null {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL
  return findChromium()
}
