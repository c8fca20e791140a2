/** What a page says, as a reader sees it: scripts and tags gone, entities read, spaces collapsed. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

/** The value of a form's hidden field, as the browser posts it back. */
export function hiddenValue(html: string, name: string): string {
  const raw = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1]
  if (raw === undefined) throw new Error(`no hidden field ${name} in the page`)
  return raw
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
}
