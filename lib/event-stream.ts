import { createParser } from 'eventsource-parser'

/** Server-Sent Events from a fetch Response, for streams EventSource cannot open (a POST). */
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
