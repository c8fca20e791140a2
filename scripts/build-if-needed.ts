/** Builds unless dist/ holds a build whose stamped hash matches every file the build reads. */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = path.join(ROOT, 'dist', '.build-stamp')
const INPUTS = [
  'pages',
  'renderer',
  'components',
  'styles',
  'domain',
  'lib',
  'stores',
  'public',
  'data/seed',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/site-fonts.ts',
  'package-lock.json',
  'tsconfig.json',
]

function listFiles(entry: string): string[] {
  const abs = path.join(ROOT, entry)
  if (!existsSync(abs)) return []
  if (statSync(abs).isFile()) return [entry]
  return readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => listFiles(path.join(entry, d.name)))
}

export function sourceHash(): string {
  const hash = createHash('sha256')
  for (const file of INPUTS.flatMap(listFiles)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

const LOCK = path.join(ROOT, '.build-lock')

/** Several test runs at once must not build into dist/ together: one builds, the others wait. */
function withBuildLock(fn: () => void): void {
  const started = Date.now()
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      const age = Date.now() - (existsSync(LOCK) ? statSync(LOCK).mtimeMs : Date.now())
      if (age > 5 * 60_000) rmSync(LOCK, { recursive: true, force: true }) // left by a killed build
      if (Date.now() - started > 10 * 60_000) throw new Error(`Timed out waiting for ${LOCK}`)
      execFileSync('sleep', ['0.5'])
    }
  }
  try {
    fn()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

export function buildIfNeeded(log: (msg: string) => void = console.log): void {
  withBuildLock(() => build(log))
}

function build(log: (msg: string) => void): void {
  const hash = sourceHash()
  const current =
    existsSync(STAMP) &&
    existsSync(path.join(ROOT, 'dist', 'server', 'entry.mjs')) &&
    readFileSync(STAMP, 'utf8') === hash
  if (current) return
  log('No current production build: building...')
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'], // errors only: the build log would drown test output
    // Under Vitest, Vike's plugin stands aside; the build must not inherit the test run's markers.
    env: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'),
    ),
  })
  writeFileSync(STAMP, hash)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfNeeded()
