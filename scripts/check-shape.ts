import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { runWhenStarted, type CommandMain } from './cli.ts'

// Run by `npm run lint`; why these limits: docs/decisions.md (Rules the linters keep).
export const MAX_MODULE_LINES = 400

const SOURCE = /\.(ts|tsx|scss)$/
const OUTSIDE = /^(test|node_modules|dist)\//

export type Source = { path: string; text: string }

export function shapeProblems(sources: readonly Source[]): string[] {
  const problems: string[] = []
  for (const { path, text } of sources) {
    if (path.endsWith('.scss') || path.endsWith('.d.ts')) continue
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length
    if (lines > MAX_MODULE_LINES)
      problems.push(`${path}: ${lines} lines, more than ${MAX_MODULE_LINES}: split it by responsibility.`)
  }
  return problems
}

export function trackedSources(root = process.cwd()): Source[] {
  // Untracked files count too (not ignored ones), so a new module is checked before its first commit.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  }).split('\0')
  return [...new Set(files)]
    .filter((path) => SOURCE.test(path) && !OUTSIDE.test(path) && existsSync(`${root}/${path}`))
    .map((path) => ({ path, text: readFileSync(`${root}/${path}`, 'utf8') }))
}

const main: CommandMain = async (_argv, out, err) => {
  const sources = trackedSources()
  const problems = shapeProblems(sources)
  for (const problem of problems) err(`${problem}\n`)
  if (problems.length > 0) return 1
  out(`check-shape: ${sources.length} files, none over ${MAX_MODULE_LINES} lines\n`)
  return 0
}

runWhenStarted(import.meta.url, main)
