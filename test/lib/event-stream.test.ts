import { describe, expect, it } from 'vitest'
import { readEventStream } from '../../lib/event-stream.ts'

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c))
      controller.close()
    },
  })
}

async function all(chunks: string[]) {
  const out = []
  for await (const e of readEventStream(streamOf(chunks))) out.push(e)
  return out
}

describe('readEventStream', () => {
  it('reads events split anywhere across chunks, skipping comments', async () => {
    const text = ': keep-alive\n\nevent: image\ndata: {"done":1}\n\nevent: done\ndata: {"a":\ndata: 2}\n\n'
    for (let cut = 1; cut < text.length; cut += 7) {
      expect(await all([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'image', data: '{"done":1}' },
        { event: 'done', data: '{"a":\n2}' },
      ])
    }
  })

  it('accepts CRLF line ends, even split between chunks, and multi-byte characters split in two', async () => {
    const bytes = 'event: start\r\ndata: ✓ ok\r\n\r\n'
    expect(await all([bytes.slice(0, 13), bytes.slice(13)])).toEqual([{ event: 'start', data: '✓ ok' }])
    const encoder = new TextEncoder()
    const raw = encoder.encode('data: £\n\n')
    const split = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(raw.slice(0, 7)) // half of the pound sign
        c.enqueue(raw.slice(7))
        c.close()
      },
    })
    const out = []
    for await (const e of readEventStream(split)) out.push(e)
    expect(out).toEqual([{ event: 'message', data: '£' }])
  })
})
