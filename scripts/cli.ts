import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readEnvFile } from '../server/config/env-file.server.ts'

/** A path typed in the shell: npm runs a script from the project's root, and says in INIT_CWD where it was typed. */
export const typedPath = (p: string) => path.resolve(process.env.INIT_CWD ?? '.', p)

/** Where a command writes: the process's stdout or stderr, or a test's buffer. */
export type Out = (text: string) => void

/** A shell command: its arguments and where to write; resolves to the exit code. */
export type CommandMain = (argv: readonly string[], out: Out, err: Out) => Promise<number>

/**
 * Runs `main` only when the module is the file node was started
 * with, not when a test imports it; its answer is the exit code.
 */
export function runWhenStarted(moduleUrl: string, main: CommandMain): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return
  endQuietlyWhenReaderLeaves()
  // A command reads the same settings as `npm start`: `.env`, then the environment over it.
  try {
    readEnvFile()
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`)
    process.exitCode = 1
    return
  }
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

/**
 * `npm run messages | head -1`: once the reader has gone there
 * is no one left to tell, so the command ends as a success.
 */
function endQuietlyWhenReaderLeaves(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0)
    process.stderr.write(`Cannot write the output: ${err.message}\n`)
    process.exit(1)
  })
}

/**
 * A command whose arguments `parse` reads: a sentence back means they
 * are wrong (exit 2, with the usage); `--help` prints the usage.
 */
export function withOptions<O extends { help?: boolean }>(
  usage: string,
  parse: (argv: readonly string[], env: NodeJS.ProcessEnv) => O | string,
  run: (options: O, out: Out, err: Out) => Promise<number>,
): CommandMain {
  return async (argv, out, err) => {
    const options = parse(argv, process.env)
    if (typeof options === 'string') {
      err(`${options}\n${usage}\n`)
      return 2
    }
    if (options.help) {
      out(`${usage}\n`)
      return 0
    }
    return run(options, out, err)
  }
}
