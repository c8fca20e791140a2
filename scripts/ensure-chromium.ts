/** Real-browser tests need Chromium: installs it (apt-get as root on Debian, else Playwright's download) or says what to install. */
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium } from '../support/chromium-path.ts'

function run(cmd: string): boolean {
  try {
    execSync(cmd, { stdio: 'inherit' })
    return true
  } catch {
    return false
  }
}

if (!findChromium()) {
  const isRoot = process.getuid?.() === 0
  const isDebian = existsSync('/etc/debian_version')
  console.log('No Chromium found for the browser tests: installing one...')
  if (isDebian && isRoot) {
    run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium')
  } else {
    run('npx --yes playwright install chromium')
  }
  if (!findChromium()) {
    console.error('Cannot run the browser tests: install Chromium (on Debian: `sudo apt-get install chromium`), or set CHROMIUM_PATH to its executable.')
    process.exit(1)
  }
}
