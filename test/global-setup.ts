import { buildIfNeeded } from '../scripts/build-if-needed.ts'

// HTTP and browser tests serve the production build: make sure it is current, once per run.
export default function setup() {
  buildIfNeeded((msg) => console.log(msg))
}
