/**
 * The ceiling: Node's `http` answering our recorded bytes from memory, in a child
 * process so it does not share the client's event loop; prints `listening <port>`.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { preferredEncodings, type Encoding } from '../server/http/accept-encoding.server.ts'

/** What bench/pages.ts captured: per address, per coding, the status, header pairs and body (base64). */
export type CapturedAnswers = Record<
  string,
  Partial<Record<Encoding, { status: number; headers: [string, string][]; body: string }>>
>

type Answer = { status: number; headers: string[]; body: Buffer }

const captured = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CapturedAnswers
const answers = new Map<string, Partial<Record<Encoding, Answer>>>()
for (const [url, codings] of Object.entries(captured)) {
  const byCoding: Partial<Record<Encoding, Answer>> = {}
  for (const [coding, a] of Object.entries(codings))
    byCoding[coding as Encoding] = { status: a.status, headers: a.headers.flat(), body: Buffer.from(a.body, 'base64') }
  answers.set(url, byCoding)
}

const server = createServer((req, res) => {
  const codings = answers.get(req.url ?? '')
  if (!codings) {
    res.writeHead(404).end()
    return
  }
  let answer: Answer | undefined
  for (const coding of preferredEncodings(req.headers['accept-encoding'])) if ((answer = codings[coding])) break
  answer ??= codings.identity!
  res.writeHead(answer.status, answer.headers)
  res.end(req.method === 'HEAD' ? undefined : answer.body)
})
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`))
process.on('SIGTERM', () => process.exit(0))
