/**
 * Faces cut to the characters the site draws (docs/decisions.md, Fonts), the rest of each face behind a unicode-range.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import subsetFont from 'subset-font'
import type { Plugin } from 'vite'

/** The features kept beyond the defaults: the body face numbers lists, which Chromium's stylesheet makes tabular. */
export type Face = { family: string; weight: number; file: string; catalogue: boolean; features: string[] }

export const FACES: Face[] = [
  { family: 'Cormorant Garamond', weight: 500, file: 'cormorant-garamond', catalogue: false, features: [] },
  { family: 'Cormorant Garamond', weight: 600, file: 'cormorant-garamond', catalogue: true, features: [] },
  { family: 'Inter', weight: 400, file: 'inter', catalogue: true, features: ['tnum'] },
  { family: 'Inter', weight: 600, file: 'inter', catalogue: true, features: ['tnum'] },
]

const require = createRequire(import.meta.url)
/** Each family's @fontsource package folder: its stylesheets give the ranges, `files/` the fonts. */
const FONTSOURCE: Record<string, string> = {
  'cormorant-garamond': path.dirname(require.resolve('@fontsource/cormorant-garamond/400.css')),
  inter: path.dirname(require.resolve('@fontsource/inter/400.css')),
}

export const faceName = (face: Face) => `${face.family} ${face.weight}`
/** The cut file's name, as it is served (with Vite's hash before `.woff2`). */
export const faceSlug = (face: Face) => `${face.file}-${face.weight}`

const WHITE_SPACE = '\t\n\r \u00a0'
/** What an owner may write in a product's name, description, sku or price, and the ellipsis ending a clamped one. */
const CATALOGUE_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,-&'():/£…"
/** The OpenType features a browser applies by default; the rest (alternates, figure styles, fractions) go. */
const DEFAULT_FEATURES = ['kern', 'liga', 'calt', 'clig', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'rvrn']

const RECORDED = new URL('../styles/font-characters.json', import.meta.url)
const recordedCharacters = (): Record<string, string> => JSON.parse(readFileSync(RECORDED, 'utf8'))

/** The characters a face's cut file holds. */
export function keptCharacters(face: Face): Set<number> {
  const drawn = recordedCharacters()[faceName(face)] ?? ''
  return new Set(
    [...WHITE_SPACE, ...(face.catalogue ? CATALOGUE_CHARACTERS : ''), ...drawn].map((c) => c.codePointAt(0)!),
  )
}

/** The code points of a CSS unicode-range ("U+0000-00FF,U+0131"). */
function parseRange(range: string): Set<number> {
  const points = new Set<number>()
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-')
    for (let c = parseInt(from!, 16); c <= parseInt(to!, 16); c++) points.add(c)
  }
  return points
}

/** A CSS unicode-range for a set of code points, runs written as ranges. */
function formatRange(points: Iterable<number>): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!
    while (sorted[i + 1] === sorted[i]! + 1) i++
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')
    parts.push(start === sorted[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(sorted[i]!)}`)
  }
  return parts.join(',')
}

/** The unicode-range @fontsource gives one of a family's files (`latin`, `latin-ext`). */
async function fontsourceRange(face: Face, subset: string): Promise<Set<number>> {
  const css = await readFile(path.join(FONTSOURCE[face.file]!, `${face.weight}.css`), 'utf8')
  const block = css.split('@font-face').find((b) => b.includes(`${face.file}-${subset}-${face.weight}-normal.woff2`))
  const range = /unicode-range:\s*([^;]+);/.exec(block ?? '')?.[1]
  if (!range) throw new Error(`No unicode-range for ${face.file} ${subset} ${face.weight} in @fontsource`)
  return parseRange(range)
}

/** Writes each face's cut files and `_faces.scss`, their @font-face rules, into `outDir`. */
async function writeSiteFonts(outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true })
  const rules: string[] = []
  for (const face of FACES) {
    const latin = await fontsourceRange(face, 'latin')
    const latinExt = await fontsourceRange(face, 'latin-ext')
    const kept = new Set([...keptCharacters(face)].filter((c) => latin.has(c)))
    const rest = [...latin].filter((c) => !kept.has(c))
    const files = path.join(FONTSOURCE[face.file]!, 'files')
    const full = await readFile(path.join(files, `${face.file}-latin-${face.weight}-normal.woff2`))
    const cut = (chars: Iterable<number>) =>
      subsetFont(full, String.fromCodePoint(...chars), {
        targetFormat: 'woff2',
        keepFeatures: [...DEFAULT_FEATURES, ...face.features],
      })
    await writeFile(path.join(outDir, `${faceSlug(face)}.woff2`), await cut(kept))
    await writeFile(path.join(outDir, `${faceSlug(face)}-rest.woff2`), await cut(rest))
    const rule = (src: string, range: Iterable<number>) =>
      `@font-face{font-family:'${face.family}';font-style:normal;font-display:swap;font-weight:${face.weight};` +
      `src:url('${src}') format('woff2');unicode-range:${formatRange(range)}}`
    const latinExtFile = path.relative(outDir, path.join(files, `${face.file}-latin-ext-${face.weight}-normal.woff2`))
    rules.push(
      rule(`./${faceSlug(face)}.woff2`, kept),
      rule(`./${faceSlug(face)}-rest.woff2`, rest),
      rule(latinExtFile, latinExt),
    )
  }
  await writeFile(
    path.join(outDir, '_faces.scss'),
    `// Written by scripts/site-fonts.ts at build time.\n${rules.join('\n')}\n`,
  )
}

/** Where the build writes the cut fonts and their rules, which styles/_fonts.scss brings in. */
const SITE_FONTS_DIR = 'node_modules/.cache/site-fonts'

/** Cuts the fonts before Vite compiles any stylesheet (build and development server alike). */
export function siteFonts(): Plugin {
  let written: Promise<void> | undefined
  return {
    name: 'leather:site-fonts',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd())
      written ??= writeSiteFonts(path.join(root, SITE_FONTS_DIR))
      await written
    },
  }
}
