import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { ROOT } from '../server/config/paths.server.ts'
import { until } from './until.ts'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

export type ChildServer = {
  child: ChildProcess
  url: string
  port: number
  output: () => string
  exited: Promise<number | null>
}

/**
 * How node starts the server: `entry` through tsx, or else the test run's bundle of server.ts when
 * there is one (SERVER_BUNDLE, made once per run), or else server.ts through tsx.
 */
export function serverEntry(entry?: string): string[] {
  if (entry === undefined && process.env.SERVER_BUNDLE) return [process.env.SERVER_BUNDLE]
  return ['--import', 'tsx', entry ?? path.join(ROOT, 'server.ts')]
}

/**
 * The real server (`server.ts` through tsx, or its bundle in a
 * test run) as a child process, as the owner runs it. One process:
 * `node --import tsx`, not the `tsx` CLI, which would run the server in a grandchild that a
 * SIGKILL of `child` leaves running (and whose memory `child.pid` would not show).
 */
export async function spawnServer(
  env: Record<string, string>,
  options: {
    waitReady?: boolean
    /** Runs the server through another command, e.g. `unshare ...` (its last words are the server's command line). */
    wrap?: (command: string[]) => string[]
    /** false: stdout (the request log) is read and dropped rather than kept for `output()`. */
    keepOutput?: boolean
    /** Another entry than `server.ts` (the page benchmark's, which adds its static twins). */
    entry?: string
    /** Arguments after the entry (`--dev`). */
    args?: string[]
  } = {},
): Promise<ChildServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const [command, ...args] = (options.wrap ?? ((c) => c))([
    process.execPath,
    ...serverEntry(options.entry),
    ...(options.args ?? []),
  ])
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  // A benchmark's millions of request log lines are read (as a log collector would) but not kept.
  if (options.keepOutput === false) child.stdout!.resume()
  else child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  if (options.waitReady !== false) {
    try {
      await until(
        'the server to answer /healthz',
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`)
          return (await fetch(`${url}/healthz`).catch(() => null))?.ok // null: not listening yet
        },
        { timeoutMs: 45_000 },
      ) // a start through tsx on a machine busy with other tests
    } catch (err) {
      if (child.exitCode !== null) throw err
      child.kill('SIGKILL') // the caller gets no handle to stop it
      throw new Error(`server did not start:\n${out}`, { cause: err })
    }
  }
  return { child, url, port, output: () => out, exited }
}
