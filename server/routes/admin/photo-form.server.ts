import busboy from 'busboy'
import type { Request } from 'express'
import type { Readable } from 'node:stream'
import { PHOTO_UPLOAD_LIMIT, PHOTOS_AT_ONCE, TOO_LARGE_MESSAGE } from '../../../domain/photo-offers.ts'
import { UPLOAD_STALL_MS } from '../../services/images/photo-queue.server.ts'
import { PhotoRefusedError } from '../../services/photo-upload.server.ts'

export const NO_FILE = 'Please choose a photograph to upload.'
const STALLED = 'Nothing more of the photograph arrived for a while, so the upload was stopped. Please try again.'

/**
 * One file of the form, as the phone named it; `read` holds its bytes in memory, up to the upload limit (413 past it).
 */
export type FormFile = { name: string; type: string; read: () => Promise<Buffer> }

/**
 * Hands each file of a multipart form to `take`, one after the other: the next file is not read
 * until `take` is done with the one before (busboy waits for its stream to be read), so however
 * many photographs a form carries, one is held in memory at a time. Answers how many files came.
 */
export function eachUpload(
  req: Request,
  take: (file: FormFile) => Promise<void>,
  stallMs: number = UPLOAD_STALL_MS,
): Promise<number> {
  let quiet: NodeJS.Timeout | undefined
  const reading = new Promise<number>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: PHOTOS_AT_ONCE, fileSize: PHOTO_UPLOAD_LIMIT, fields: 4, parts: PHOTOS_AT_ONCE + 4 },
      })
    } catch {
      return reject(new PhotoRefusedError(400, NO_FILE))
    }
    let cut!: (err: Error) => void
    const cutShort = new Promise<never>((_, fail) => (cut = fail))
    cutShort.catch(() => {})
    let done: Promise<void> = Promise.resolve()
    let failed: unknown = null
    let count = 0
    parser.on('file', (_field, stream, info) => {
      // An empty file input (nothing chosen) sends a part with no name and no bytes.
      const name = info.filename
      if (!name) return void stream.resume()
      count++
      const read = () => Promise.race([readAll(stream), cutShort])
      done = done.then(async () => {
        if (failed) return void stream.resume()
        await take({ name, type: info.mimeType, read }).catch((err: unknown) => {
          failed ??= err
          stream.resume()
        })
      })
    })
    parser.on(
      'close',
      () =>
        void done.then(() =>
          failed ? reject(failed) : count === 0 ? reject(new PhotoRefusedError(400, NO_FILE)) : resolve(count),
        ),
    )
    const lost = (err: Error) => {
      cut(err)
      reject(err)
    }
    parser.on('error', () => lost(new PhotoRefusedError(400, 'The upload was cut short. Please try again.')))
    // A connection lost mid-file never ends the form: without this the upload would hold its place for good.
    req.on(
      'close',
      () => req.complete || lost(new PhotoRefusedError(400, 'The upload was cut short. Please try again.')),
    )
    req.pipe(parser)
    // Nor does a phone that stops sending: its place goes back after `stallMs` without a byte. Time
    // the request waits on us (paused while the photograph before is prepared) is not its silence.
    const listen = () => {
      clearTimeout(quiet)
      quiet = setTimeout(() => (req.isPaused() ? listen() : lost(new PhotoRefusedError(408, STALLED))), stallMs)
    }
    listen()
    req.on('data', listen)
    req.on('end', () => clearTimeout(quiet))
  })
  return reading.finally(() => clearTimeout(quiet))
}

function readAll(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let tooLarge = false
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('limit', () => (tooLarge = true))
    stream.on('end', () =>
      tooLarge ? reject(new PhotoRefusedError(413, TOO_LARGE_MESSAGE)) : resolve(Buffer.concat(chunks)),
    )
    stream.on('error', reject)
  })
}
