/**
 * What counts as one line of visible text, for the enquiry form's checks (shared by the browser and
 * the server) and for printing what visitors typed where the owner reads it (`npm run messages`, the
 * notification e-mail), so that no value can pass for another field or hide what it says.
 */

/** Control characters (C0, DEL, C1: line feed, carriage return, tab, escape...) and Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u
/** Bidirectional embeddings, overrides and isolates: they reorder the text after them (U+202E shows "gpj.exe" as "exe.jpg"). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u
/**
 * Characters that show nothing: format characters (zero-width space and joiners, direction marks,
 * word joiner, byte order mark, soft hyphen...) and letters drawn as blanks (Hangul fillers, braille blank).
 */
const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/gu

/** True when the text is one line of plain text: no line breaks or other control characters, no bidirectional controls. */
export function isSingleLine(text: string): boolean {
  return !LINE_BREAKING.test(text) && !BIDI_CONTROLS.test(text)
}

/** The characters a reader sees: zero-width and other invisible characters removed, then trimmed; counted in characters, not UTF-16 units. */
export function visibleLength(text: string): number {
  return [...text.replace(INVISIBLE, '').trim()].length
}

/**
 * A message as kept: its line breaks (any convention, and Unicode's separators) as `\n`, tabs kept,
 * other control characters and bidirectional controls removed (they show nothing, or reorder text).
 */
export function cleanMultiline(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
  )
}

const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * Text as the owner should read it: every control character, line separator and bidirectional
 * control written out as an escape (`\n`, `\u202E`), so a value stays on its own line and shows
 * what it holds. With `lineBreaks: 'keep'` (a message), line feeds and tabs stay as they are.
 */
export function showInvisible(text: string, { lineBreaks = 'escape' }: { lineBreaks?: 'escape' | 'keep' } = {}): string {
  return text.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (c) => {
    if (lineBreaks === 'keep' && (c === '\n' || c === '\t')) return c
    return NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
  })
}
