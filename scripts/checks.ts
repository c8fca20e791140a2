/**
 * The checks `npm test` runs before its tests: the type check and the lint, side by side.
 * Each is single-threaded, so on two cores together they take as long as the longer one.
 * Each one's output is printed whole once it ends, so the two never interleave.
 */
import { spawn } from 'node:child_process'

const CHECKS = [
  ['typecheck', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
] as const

function run(name: string, command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd()
      console.log(`> ${name}${code === 0 ? '' : ` failed (exit ${code})`}${text ? `\n${text}` : ''}`)
      resolve(code === 0)
    })
  })
}

const passed = await Promise.all(CHECKS.map(([name, command]) => run(name, command)))
if (passed.includes(false)) process.exit(1)
