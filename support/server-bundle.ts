/**
 * server.ts and all of our code it imports as one ES module (packages stay outside), for the tests
 * that start the real server many times: plain `node` starts it in about a third of the CPU time
 * tsx takes to compile and resolve each module on its way in.
 */
import path from 'node:path'
import { build } from 'esbuild'
import { DIST, ROOT } from '../server/config/paths.server.ts'

// One folder below the root, as server.ts is, so the paths it works out from its own place agree.
export const SERVER_BUNDLE = path.join(DIST, 'server-bundle.mjs')

export async function bundleServer(): Promise<string> {
  await build({
    entryPoints: [path.join(ROOT, 'server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  })
  return SERVER_BUNDLE
}
