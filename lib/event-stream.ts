import { createParser } from 'eventsource-parser'

/**
 * Reads a Server-Sent Events body from a fetch Response, for streams EventSource cannot open (a
 * POST). Used by the admin page and by `npm run generate-images`; both get the Response from an
 * ordinary fetch. The parsing is eventsource-parser's (https://github.com/rexxars/eventsource-parser);
 * this adds what both callers want from it: events as an async iterator, an event's type defaulting
 * to 'message' as in EventSource, and the connection closed when a reader stops early.
 */
export type ServerEvent = { event: string; data: string }

export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const parsed: ServerEvent[] = []
  const parser = createParser({ onEvent: (e) => parsed.push({ event: e.event || 'message', data: e.data }) })
  let finished = false
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) {
        finished = true
        break
      }
      // `stream: true` keeps a character split between two chunks until its second half arrives.
      parser.feed(decoder.decode(value, { stream: true }))
      yield* parsed.splice(0)
    }
  } finally {
    // A reader that stops early (break, error) closes the connection instead of leaving it open.
    if (!finished) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}
