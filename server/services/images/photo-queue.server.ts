/**
 * How much photograph work the process does at once, so the shop fits in 512 MB (a 1 GB VPS) however
 * many photographs arrive. Every encode of uploads, generated images and their AVIF twins takes a turn
 * here; uploads also take a place first, and past the last place they are told the site is busy.
 */

export const BUSY_MESSAGE = 'The site is busy with other photographs; please try again in a moment.'
/**
 * How long an upload holding a place may send nothing before the place is given back (the phone lost
 * its signal mid-file, or someone holds places on purpose): its request is answered 408 and closed.
 */
export const UPLOAD_STALL_MS = 15_000

/** Seconds a refused upload is told to wait: about what the photographs ahead of it take. */
export const BUSY_RETRY_AFTER_S = 10

export class PhotoQueue {
  private working = 0
  private admitted = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    /** Photographs decoded and encoded at once. */
    readonly atOnce: number,
    /** Uploads held at once, working or waiting (each holds its file, up to 25 MB, meanwhile). */
    readonly places: number,
  ) {}

  /** Photographs waiting for their turn. */
  get queued(): number {
    return this.waiting.length
  }

  /** A place for an upload, or null when every place is taken (the caller answers busy). */
  admit(): { run: <T>(work: () => Promise<T>) => Promise<T>; leave: () => void } | null {
    if (this.admitted >= this.places) return null
    this.admitted++
    let left = false
    return {
      run: (work) => this.run(work),
      leave: () => {
        if (!left) this.admitted--
        left = true
      },
    }
  }

  /** Waits for a turn (first come, first served), then works. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.working < this.atOnce) this.working++
    else await new Promise<void>((resolve) => this.waiting.push(resolve)) // the turn is handed over with `working` kept
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.working--
    }
  }
}

/**
 * One queue for the process: memory is the process's. One photograph at a time: a 48-megapixel
 * JPEG decoded at a reduced size costs ~40 MB, and two cores are busy with visitors meanwhile.
 */
export const photoWork = new PhotoQueue(1, 4)
