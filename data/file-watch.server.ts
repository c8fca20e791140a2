import fs from 'node:fs'
import path from 'node:path'

/** Quiet time after the last file event before the file is read: an editor's save is several events. */
const DEBOUNCE_MS = 150
/** A look at the file even without events (file systems that send none). */
const POLL_MS = 2000

type Logger = { warn(obj: object, msg: string): void }

/**
 * Watches the folder (editors save by writing a new file and renaming
 * it) and polls every POLL_MS anyway. Returns a stop function.
 */
export function watchFile(file: string, changed: () => void, logger: Logger): () => void {
  const dir = path.dirname(file)
  const name = path.basename(file)
  let debounce: NodeJS.Timeout | null = null
  const soon = () => {
    if (debounce) clearTimeout(debounce)
    debounce = setTimeout(() => {
      debounce = null
      changed()
    }, DEBOUNCE_MS)
    debounce.unref()
  }
  let watcher: fs.FSWatcher | null = null
  try {
    watcher = fs.watch(dir, { persistent: false }, (_event, what) => {
      if (!what || what.toString() === name) soon()
    })
    watcher.on('error', (err) => {
      logger.warn({ dataFile: file, err }, `Stopped watching ${dir}; edits are still seen within ${POLL_MS / 1000} s.`)
      watcher?.close()
      watcher = null
    })
  } catch (err) {
    logger.warn({ dataFile: file, err }, `Cannot watch ${dir}; edits are seen within ${POLL_MS / 1000} s.`)
  }
  const poll = setInterval(soon, POLL_MS)
  poll.unref()
  return () => {
    watcher?.close()
    clearInterval(poll)
    if (debounce) clearTimeout(debounce)
  }
}
