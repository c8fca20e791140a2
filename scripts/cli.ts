import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where a command writes: the process's stdout or stderr, or a test's buffer. */
export type Out = (text: string) => void

/** A shell command: its arguments and where to write; resolves to the exit code. */
export type CommandMain = (argv: readonly string[], out: Out, err: Out) => Promise<number>

/** Runs `main` only when the module is the file node was started with, not when a test imports it; its answer is the exit code. */
export function runWhenStarted(moduleUrl: string, main: CommandMain): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return
  main(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(s),
  ).then(
    (code) => {
      process.exitCode = code
    },
    (e: unknown) => {
      console.error(e)
      process.exitCode = 1
    },
  )
}
