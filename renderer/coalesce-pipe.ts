import { Writable } from 'node:stream'

type Pipeable = { pipe: <W extends NodeJS.WritableStream>(destination: W) => W }

/**
 * React writes its HTML in 2 KB slices that may end in the middle of a tag, and Vike injects its
 * scripts after the first slice it sees. Everything React writes in one go (the shell, then each
 * resolved Suspense boundary) is therefore joined into one chunk before it goes on, so every chunk
 * ends on a tag boundary and the scripts land between elements.
 */
export function coalescedPipe(stream: Pipeable): (writable: NodeJS.WritableStream) => void {
  return (writable) => {
    const pending: Uint8Array[] = []
    let scheduled = false
    const flush = () => {
      scheduled = false
      if (pending.length > 0) writable.write(Buffer.concat(pending.splice(0)))
    }
    const joiner = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        pending.push(chunk)
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
        done()
      },
      final(done) {
        flush()
        writable.end()
        done()
      },
    })
    stream.pipe(joiner)
  }
}
