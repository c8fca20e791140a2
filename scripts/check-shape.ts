import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { runWhenStarted, type CommandMain } from './cli.ts'
import { folderCircles } from './folder-imports.ts'

// Run by `npm run lint`; why these limits: docs/decisions.md (Rules the linters keep).
export const MAX_MODULE_LINES = 400
/** A test file says what one part does, by behaviour: past this it is several files' worth. */
export const MAX_TEST_LINES = 500
/** Prettier keeps code to 120 columns but cannot break a string or a web address: past 140, only an address may go. */
export const MAX_LINE_WIDTH = 140

const SOURCE = /\.(ts|tsx|scss|js)$/
const OUTSIDE = /^(test|node_modules|dist)\//
const TESTS = /^test\//
const WEB_ADDRESS = /\bhttps?:\/\//

export type Source = { path: string; text: string }

export function shapeProblems(sources: readonly Source[]): string[] {
  const problems: string[] = []
  for (const { path, text } of sources) {
    text.split('\n').forEach((line, i) => {
      if (line.length > MAX_LINE_WIDTH && !WEB_ADDRESS.test(line))
        problems.push(
          `${path}:${i + 1}: ${line.length} characters, more than ${MAX_LINE_WIDTH}: break the string or the comment.`,
        )
    })
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length
    if (TESTS.test(path) && lines > MAX_TEST_LINES)
      problems.push(`${path}: ${lines} lines, more than ${MAX_TEST_LINES}: split it by behaviour.`)
    if (OUTSIDE.test(path) || path.endsWith('.scss') || path.endsWith('.d.ts') || path.endsWith('.js')) continue
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
    .filter((path) => SOURCE.test(path) && !path.startsWith('public/') && existsSync(`${root}/${path}`))
    .map((path) => ({ path, text: readFileSync(`${root}/${path}`, 'utf8') }))
}

const main: CommandMain = async (_argv, out, err) => {
  const sources = trackedSources()
  const problems = [
    ...shapeProblems(sources),
    ...folderCircles(sources).map((circle) => `folders that import each other: ${circle}`),
  ]
  for (const problem of problems) err(`${problem}\n`)
  if (problems.length > 0) return 1
  const limits =
    `no module over ${MAX_MODULE_LINES} lines, no test file over ${MAX_TEST_LINES}, ` +
    `no line over ${MAX_LINE_WIDTH} characters but web addresses, no folders that import each other`
  out(`check-shape: ${sources.length} files, ${limits}\n`)
  return 0
}

runWhenStarted(import.meta.url, main)
