import { describe, expect, it } from 'vitest'
import { shapeProblems } from '../../scripts/check-shape.ts'

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
})
