/**
 * What a page says, read from its HTML as the server sent it: for assertions on the words a visitor or
 * the owner reads, whatever tags carry them.
 */

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&nbsp;': ' ',
}

/** The entities React and our templates write, decoded in one pass (so `&amp;lt;` reads `&lt;`). */
export const decodeEntities = (html: string): string =>
  html.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (e) => ENTITIES[e]!)

/**
 * A page's text as read: scripts and styles gone, React's separators between adjacent texts
 * (`<!-- -->`) joined, every other tag a space, entities decoded, spaces collapsed.
 */
export const pageText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ')

/** The text of the page's `<main>` alone (the whole page when it has none). */
export const mainText = (html: string): string => pageText(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html)

/** A hidden field's value as the page gives it, unescaped. */
export function hiddenField(html: string, name: string): string {
  const raw = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1]
  if (raw === undefined) throw new Error(`The page has no hidden field ${name}.`)
  return decodeEntities(raw)
}
