/**
 * Real-browser tests need Chromium: installs it (apt-get as root
 * on Debian, else Playwright's download) or says what to install.
 */
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium, findTestChromium } from '../support/chromium-path.ts'

function run(cmd: string): boolean {
  try {
    execSync(cmd, { stdio: 'inherit' })
    return true
  } catch {
    return false
  }
}

const isRoot = process.getuid?.() === 0
const isDebian = existsSync('/etc/debian_version')
const PACKAGES = 'chromium chromium-headless-shell'

// The full browser is for Lighthouse; the headless shell runs the other browser tests at half the CPU.
if (isDebian && isRoot && (!findChromium() || findTestChromium() === findChromium())) {
  console.log(`Installing Debian's ${PACKAGES} for the browser tests...`)
  run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`)
}
if (!findChromium()) {
  if (!(isDebian && isRoot)) {
    console.log('No Chromium found for the browser tests: installing one...')
    run('npx --yes playwright install chromium')
  }
  if (!findChromium()) {
    console.error(
      `Cannot run the browser tests: install Chromium (on Debian: \`sudo ` +
        `apt-get install ${PACKAGES}\`), or set CHROMIUM_PATH to its executable.`,
    )
    process.exit(1)
  }
}
if (isDebian && findTestChromium() === findChromium() && !process.env.CHROMIUM_PATH) {
  console.log(
    `The browser tests run on the full Chromium: \`sudo apt-get install ` +
      `chromium-headless-shell\` makes them about twice as light.`,
  )
}
