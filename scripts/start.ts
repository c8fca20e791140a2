// `npm start`: build when no current build exists, then serve the production site in a process of its
// own, started with the memory setting it needs on a small VPS (the environment is read only at a
// process's start, so it cannot be set from inside the server).
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import path from 'node:path'
import { readEnvFile } from '../server/config/env-file.server.ts'
import { ROOT } from '../server/config/paths.server.ts'
import { buildIfNeeded } from './build-if-needed.ts'

// `.env` first, so its settings reach the server (the environment wins over the file).
try {
  readEnvFile()
} catch (err) {
  console.error(`Cannot start: ${(err as Error).message}`)
  process.exit(1)
}
buildIfNeeded()

// glibc keeps what sharp's threads freed: in arenas of their own, and in its heap once a freed
// large buffer has raised the size it maps memory for. Measured with three 48-megapixel uploads, the
// shop stayed 81 MB larger afterwards; two arenas and a fixed mapping size (each image buffer
// mapped, and given back when freed) leave 15-35 MB. An owner's own values win.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server.ts')], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
})
// systemd and terminals stop `npm start`: the server shuts down gracefully, and this exits as it did.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1)))
