/**
 * The query parameters a page reads, declared in its own folder (`+query.ts`). The shared page cache
 * keys on these and on nothing else, and the page is rendered from its path with these alone: a
 * request never chooses its cache key, and a parameter the page takes reaches it with no edit elsewhere.
 */
export type PageQuery = {
  /** Each parameter that makes a different page, with the values it takes; any other value is the page without it. */
  vary?: Readonly<Record<string, (value: string) => boolean>>
  /** Parameters that make the page one visitor's own: a request carrying one never touches the shared cache. */
  bypass?: readonly string[]
}

/**
 * A page's query as the server's routes read it (Express's): one value for a parameter given once, the list
 * for one given again, so a rule that takes a repeated parameter as absent reads a page's address alike.
 */
export function queryOf(searchAll: Readonly<Record<string, string[]>>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(searchAll).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  )
}
