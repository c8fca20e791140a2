import { ImageDecodeError } from './media.server.ts'
import { FatalImageError, ImageRequestError } from './openai-images.server.ts'

/** Errors of our own disk are logged in full and shown without their file paths. */
export function readableFailure(err: unknown, signal: AbortSignal): string {
  if (err instanceof ImageRequestError || err instanceof FatalImageError || err instanceof ImageDecodeError)
    return err.message
  if (signal.aborted && err instanceof Error) return err.message // the reason the run was stopped
  const code = (err as NodeJS.ErrnoException)?.code
  if (code === 'ENOSPC') return 'The image could not be stored: the server disk is full.'
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'The image could not be stored: the media folder is not writable.'
  return 'The image could not be stored on the server.'
}
