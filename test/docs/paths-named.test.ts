/**
 * Every repository path named in a comment, in docs/, README.md or RELIABILITY.md names a file or
 * folder that exists (or one .gitignore says is made by the site, such as data/db.json). A path here
 * is a token that starts at a top-level folder of the repository and ends in a known extension
 * (`server/site.server.ts`, `docs/decisions.md`), or a top-level configuration or doc file by name
 * (`knip.jsonc`, `package.json`, `README.md`).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../server/config/paths.server.ts'

const EXTENSIONS = 'ts|tsx|js|mjs|cjs|scss|css|md|json|jsonc|svg|png|jpg|jpeg|webp|woff2|html|txt|yml|yaml'
const TOP_FOLDERS = readdirSync(ROOT).filter(
  (name) => !name.startsWith('.') && name !== 'node_modules' && statSync(path.join(ROOT, name)).isDirectory(),
)
const FOLDER_PATH = new RegExp(
  `(?<![\\w./@<>{}*$-])(?:${TOP_FOLDERS.join('|')})/[\\w./@()+\\[\\]-]*?\\.(?:${EXTENSIONS})(?![\\w/])`,
  'g',
)
const TOP_NAMES = 'package|tsconfig|knip|eslint\\.config|vite\\.config|vitest\\.config|README|RELIABILITY|server'
const TOP_FILE = new RegExp(`(?<![\\w./-])(?:${TOP_NAMES})\\.(?:${EXTENSIONS})(?![\\w/])`, 'g')

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
const prose = tracked.filter((f) => /^(docs\/.*\.md|README\.md|RELIABILITY\.md)$/.test(f))
const code = tracked.filter((f) => /\.(ts|tsx|js|scss|jsonc)$/.test(f) && !/^(test|node_modules|dist)\//.test(f))

/** The comments of a source file: block comments and what follows `//` (not inside a URL). */
function commentsOf(text: string): string {
  const blocks = text.match(/\/\*[\s\S]*?\*\//g) ?? []
  const lines = text.split('\n').flatMap((line) => /(?:^|\s)\/\/(.*)$/.exec(line)?.[1] ?? [])
  return [...blocks, ...lines].join('\n')
}

function namedPaths(text: string): string[] {
  const withoutUrls = text.replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, ' ')
  const inFolders = withoutUrls.match(FOLDER_PATH) ?? []
  return [...inFolders, ...(withoutUrls.match(TOP_FILE) ?? [])]
}

function isIgnored(relative: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', relative], { cwd: ROOT })
    return true
  } catch {
    return false
  }
}

const exists = (relative: string) => existsSync(path.join(ROOT, relative)) || isIgnored(relative)

function missingIn(files: readonly string[], extract: (text: string) => string): string[] {
  const missing: string[] = []
  for (const file of files) {
    const text = extract(readFileSync(path.join(ROOT, file), 'utf8'))
    for (const named of new Set(namedPaths(text))) {
      if (!exists(named)) missing.push(`${file}: ${named}`)
    }
  }
  return missing
}

describe('paths named in comments and docs', () => {
  it('finds the paths it is meant to find, and only those', () => {
    const sample =
      'see server/site.server.ts, docs/decisions.md and `knip.jsonc`; not ' +
      'https://vike.dev/x.md, /images/seed/a.svg, <dir>/x.ts'
    expect(namedPaths(sample)).toEqual(['server/site.server.ts', 'docs/decisions.md', 'knip.jsonc'])
    expect(namedPaths('`knip.json`').filter((p) => !exists(p))).toEqual(['knip.json'])
  })

  it('every path named in docs/, README.md and RELIABILITY.md exists', () => {
    expect(missingIn(prose, (text) => text)).toEqual([])
  })

  it('every path named in a comment of the source exists', () => {
    expect(missingIn(code, commentsOf)).toEqual([])
  })
})
