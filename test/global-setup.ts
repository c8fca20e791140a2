import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { bundleServer } from '../support/server-bundle.ts'

// HTTP and browser tests serve the production build: make sure it is current, once per run.
// The tests that start the real server as a child start one bundle of it, made here.
// (Each test worker launches its own Chromium: test/helpers/shared-browser.ts.)
export default async function setup() {
  buildIfNeeded((msg) => console.log(msg))
  process.env.SERVER_BUNDLE = await bundleServer()
}
