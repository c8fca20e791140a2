/**
 * Reads a Server-Sent Events body (https://html.spec.whatwg.org/multipage/server-sent-events.html)
 * from a fetch Response, for streams EventSource cannot open (a POST). Used by the admin page and
 * by `npm run generate-images`; both get the Response from an ordinary fetch.
 */
export type ServerEvent = { event: string; data: string }

export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let event = ''
  let data: string[] = []
  let finished = false
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) {
        finished = true
        break
      }
      buffer += decoder.decode(value, { stream: true })
      let newline: number
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        if (newline === buffer.length - 1 && buffer.endsWith('\r')) break // maybe half of a CRLF: wait for more
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') }
          event = ''
          data = []
          continue
        }
        if (line.startsWith(':')) continue // a comment: keep-alive
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const rawValue = colon < 0 ? '' : line.slice(colon + 1)
        const text = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue
        if (field === 'event') event = text
        else if (field === 'data') data.push(text)
      }
    }
  } finally {
    // A reader that stops early (break, error) closes the connection instead of leaving it open.
    if (!finished) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}
