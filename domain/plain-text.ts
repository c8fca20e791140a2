/**
 * Shared by the form's checks and by what the owner reads, so
 * that no value can pass for another field or hide what it says.
 */

/**
 * Control characters (C0, DEL, C1: line feed, carriage return,
 * tab, escape...) and Unicode line and paragraph separators.
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u
/**
 * Bidirectional embeddings, overrides and isolates: they reorder
 * the text after them (U+202E shows "gpj.exe" as "exe.jpg").
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u
/** Format characters and letters drawn as blanks (Hangul fillers, braille blank). */
const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/gu

/**
 * True when the text is one line of plain text: no line breaks or other control characters, no bidirectional controls.
 */
export function isSingleLine(text: string): boolean {
  return !LINE_BREAKING.test(text) && !BIDI_CONTROLS.test(text)
}

/**
 * The characters a reader sees: zero-width and other invisible characters
 * removed, then trimmed; counted in characters, not UTF-16 units.
 */
export function visibleLength(text: string): number {
  return [...text.replace(INVISIBLE, '').trim()].length
}

/**
 * Line breaks of any convention as `\n`; other controls and bidi controls removed (they show nothing, or reorder text).
 */
export function cleanMultiline(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
  )
}

/** One line: line breaks, tabs and other controls as single spaces, bidi controls removed, trimmed. */
export function oneLine(text: string): string {
  return cleanMultiline(text)
    .replace(/\s*[\n\t]\s*/g, ' ')
    .trim()
}

const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** Controls written out as escapes so a value stays on its own line; `lineBreaks: 'keep'` for a message. */
export function showInvisible(
  text: string,
  { lineBreaks = 'escape' }: { lineBreaks?: 'escape' | 'keep' } = {},
): string {
  return text.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (c) => {
    if (lineBreaks === 'keep' && (c === '\n' || c === '\t')) return c
    return NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
  })
}

/** Half of a surrogate pair with no other half: what a JSON body's `\ud83d` or a hand edit can leave in text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The text with each lone surrogate as U+FFFD, as a browser's form post already sends it. */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD')

/** encodeURIComponent for any text: alone it throws on a lone surrogate, and the page built with it fails. */
export const uriComponent = (text: string): string => encodeURIComponent(wellFormed(text))

/**
 * `text` on one line, at most `max` characters: cut at the last word that fits, with "…" (a search
 * result's snippet, a link preview's description).
 */
export function snippet(text: string, max: number): string {
  const line = oneLine(text).replace(/\s+/g, ' ')
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}
