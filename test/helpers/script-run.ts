import type { CommandMain } from '../../scripts/cli.ts'

/** Runs a command-line script's `main` in the test process: its exit code, and what it printed on each stream. */
export async function runScript(
  main: CommandMain,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(
    argv,
    (s) => (out += s),
    (s) => (err += s),
  )
  return { code, out, err }
}
