/**
 * server.ts, all of our code it imports and the small packages it loads at start, as one ES module, for
 * the tests that start the real server many times: plain `node` starts it in about a third of the CPU
 * time tsx takes to compile and resolve each module on its way in, and a package bundled in costs less
 * again than the hundred-odd files Node would find, read and wrap for express and its kind.
 */
import path from 'node:path'
import { build } from 'esbuild'
import { DIST, ROOT } from '../server/config/paths.server.ts'

// One folder below the root, as server.ts is, so the paths it works out from its own place agree.
export const SERVER_BUNDLE = path.join(DIST, 'server-bundle.mjs')

/**
 * Loaded from node_modules as in production: Vike and React (the built pages import the same copies),
 * pino (its workers open its own files), native or lazily loaded packages (the tests watch what a
 * start loads), a UMD package esbuild cannot follow, and the build tools only a development start uses.
 */
const OWN_FILES = [
  'vike',
  'vike/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-toastify',
  'pino',
  'pino-http',
  'sharp',
  'openai',
  'openai/*',
  'nodemailer',
  'stripe',
  'jsonc-parser',
  'vite',
  'vite/*',
  'esbuild',
  'lightningcss',
]

export async function bundleServer(): Promise<string> {
  await build({
    entryPoints: [path.join(ROOT, 'server.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    external: OWN_FILES,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The CommonJS packages bundled in (express and its kind) call require() for Node's own modules.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
  })
  return SERVER_BUNDLE
}
