import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else yield full
  }
}

/**
 * Once at build time, so visitors get the smallest bytes without
 * compressing per request; served by server/http/static-files.server.ts.
 */
export function precompress(): Plugin {
  return {
    name: 'leather:precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async writeBundle(options) {
      const outDir = options.dir!
      // Loaded here, when a build compresses, not with the config: once loaded, the package makes any
      // unhandled rejection abort the whole process (it listens for them), which a test reading the config would inherit.
      const { gzipAsync } = await import('@gfx/zopfli')
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue
        const raw = await readFile(file)
        if (raw.length < 1024) continue
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
        const gz = Buffer.from(await gzipAsync(raw, { numiterations: 5 }))
        if (br.length < raw.length) await writeFile(`${file}.br`, br)
        if (gz.length < raw.length) await writeFile(`${file}.gz`, gz)
      }
    },
  }
}
