import { describe, expect, it } from 'vitest'
import { shapeProblems } from '../../scripts/check-shape.ts'
import { folderCircles } from '../../scripts/folder-imports.ts'

const lines = (n: number, line = 'const x = 1') => Array.from({ length: n }, () => line).join('\n') + '\n'

describe('check-shape (run by npm run lint)', () => {
  it('refuses a module over 400 lines, and names it', () => {
    expect(shapeProblems([{ path: 'server/a.server.ts', text: lines(400) }])).toEqual([])
    expect(shapeProblems([{ path: 'server/a.server.ts', text: lines(401) }])).toEqual([
      'server/a.server.ts: 401 lines, more than 400: split it by responsibility.',
    ])
  })

  it('leaves declaration files and stylesheets out of the line limit', () => {
    expect(
      shapeProblems([
        { path: 'scripts/x.d.ts', text: lines(500) },
        { path: 'styles/x.scss', text: lines(500, 'a { b: c }') },
      ]),
    ).toEqual([])
  })

  it('refuses a line over 140 characters, unless it holds a web address, in tests too', () => {
    const long = `const x = '${'a'.repeat(140)}'`
    const address = `// https://example.com/${'a'.repeat(140)}`
    expect(shapeProblems([{ path: 'test/a.test.ts', text: `${'b'.repeat(140)}\n${address}\n` }])).toEqual([])
    expect(shapeProblems([{ path: 'test/a.test.ts', text: `const y = 1\n${long}\n` }])).toEqual([
      `test/a.test.ts:2: ${long.length} characters, more than 140: break the string or the comment.`,
    ])
  })

  it('leaves tests out of the module limit', () => {
    expect(shapeProblems([{ path: 'test/a.test.ts', text: lines(500) }])).toEqual([])
  })

  it('refuses a test file over 500 lines, and names it', () => {
    expect(shapeProblems([{ path: 'test/helpers/a.ts', text: lines(501) }])).toEqual([
      'test/helpers/a.ts: 501 lines, more than 500: split it by behaviour.',
    ])
  })
})

describe('folders that import each other (run by npm run lint)', () => {
  it('names the circle and an import for each step, the files atop server/ as a floor of their own', () => {
    expect(
      folderCircles([
        { path: 'server/site.server.ts', text: "import { a } from './http/a.server.ts'" },
        { path: 'server/http/a.server.ts', text: "import type { Config } from '../config.server.ts'" },
      ]),
    ).toEqual([
      'server → server/http → server: server/site.server.ts imports ./http/a.server.ts; ' +
        'server/http/a.server.ts imports ../config.server.ts',
    ])
  })

  it('finds a longer circle, and leaves imports within a folder, downward ones and tests alone', () => {
    const circle = folderCircles([
      { path: 'server/routes/r.server.ts', text: "import { c } from '../cache/c.server.ts'" },
      { path: 'server/cache/c.server.ts', text: "import { h } from '../http/h.server.ts'" },
      { path: 'server/http/h.server.ts', text: "export { r } from '../routes/r.server.ts'" },
    ])
    expect(circle).toHaveLength(1)
    expect(circle[0]).toMatch(/^server\/cache → server\/http → server\/routes → server\/cache: /)
    expect(
      folderCircles([
        { path: 'components/A.tsx', text: "import { b } from './B.tsx'\nimport { c } from '../domain/c.ts'" },
        { path: 'domain/c.ts', text: "import { d } from './d.ts'" },
        { path: 'test/a.test.ts', text: "import { A } from '../components/A.tsx'" },
        { path: 'components/B.tsx', text: "import { t } from '../test/t.ts'" },
      ]),
    ).toEqual([])
  })
})
