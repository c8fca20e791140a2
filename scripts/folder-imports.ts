import { dirname, join, normalize } from 'node:path'
import type { Source } from './check-shape.ts'

/**
 * The folders whose modules import one another in a circle, by the modules that do it. A folder is a
 * top-level one (`components`, `renderer`, `pages`...), or under `server/` one floor (`server/http`,
 * `server/routes`...; the files at the top of `server/` are the floor that builds the rest). Layers import
 * downward only, so a new module finds its place from its imports (docs/decisions.md, Rules the linters keep).
 */
export function folderCircles(sources: readonly Source[]): string[] {
  const edges = new Map<string, Map<string, string>>()
  for (const { path, text } of sources) {
    if (!/\.(ts|tsx)$/.test(path) || path.startsWith('test/')) continue
    for (const spec of relativeImports(text)) {
      const from = folderOf(path)
      const to = folderOf(normalize(join(dirname(path), spec)))
      if (from === to) continue
      const out = edges.get(from) ?? new Map<string, string>()
      if (!out.has(to)) out.set(to, `${path} imports ${spec}`)
      edges.set(from, out)
    }
  }
  return circles(edges)
}

function folderOf(path: string): string {
  const parts = path.split('/')
  if (parts[0] === 'server' && parts.length > 2) return `${parts[0]}/${parts[1]}`
  return parts.length > 1 ? parts[0]! : '.'
}

/** Every module named by a relative import or export, types included (they name a floor too). */
function relativeImports(text: string): string[] {
  const specs: string[] = []
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) specs.push(m[1]!)
  return specs
}

/** Each circle once, as the folders in it and one import for each step. */
function circles(edges: Map<string, Map<string, string>>): string[] {
  const found: string[] = []
  const seen = new Set<string>()
  for (const start of [...edges.keys()].sort()) {
    const path = pathBack(edges, start)
    if (!path) continue
    const key = [...path].sort().join(' ')
    if (seen.has(key)) continue
    seen.add(key)
    const steps = path.map((folder, i) => edges.get(folder)!.get(path[(i + 1) % path.length]!)!)
    found.push(`${[...path, start].join(' → ')}: ${steps.join('; ')}`)
  }
  return found
}

/** The shortest way from a folder through others back to itself, if any (breadth first). */
function pathBack(edges: Map<string, Map<string, string>>, start: string): string[] | undefined {
  const before = new Map<string, string>()
  const queue = [...(edges.get(start)?.keys() ?? [])]
  for (const next of queue) before.set(next, start)
  while (queue.length > 0) {
    const at = queue.shift()!
    if (at === start) {
      const path = [start]
      for (let step = before.get(start)!; step !== start; step = before.get(step)!) path.splice(1, 0, step)
      return path
    }
    for (const next of edges.get(at)?.keys() ?? []) {
      if (before.has(next)) continue
      before.set(next, at)
      queue.push(next)
    }
  }
  return undefined
}
