/** `s` as one word of a POSIX shell command: as it is when nothing in it is special, else in single quotes. */
export function shellWord(s: string): string {
  if (/^[\w@%+=:,./-]+$/.test(s)) return s
  return `'${s.replace(/'/g, `'\\''`)}'`
}
