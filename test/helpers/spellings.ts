import fc from 'fast-check'

/** One letter of a path as a client may spell it: either case, percent-escaped, or escaped twice. */
export const letter = (c: string) =>
  fc.constantFrom(
    c,
    c.toUpperCase(),
    `%${c.charCodeAt(0).toString(16)}`,
    `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    `%25${c.charCodeAt(0).toString(16)}`,
  )

/** A word of a path, each letter spelled as `letter` may. */
export const word = (w: string) => fc.tuple(...[...w].map(letter)).map((cs) => cs.join(''))

/** A slash as a client may spell it: doubled, with a dot segment, escaped, or a backslash. */
export const slash = fc.constantFrom('/', '//', '/./', '/%2e/', '\\', '/%2f', '%5c')
