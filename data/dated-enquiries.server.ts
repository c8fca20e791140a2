import { DatedFileReads } from './dated-file-reads.server.ts'
import { addToDatedFiles, datedFileFor, listDatedFiles, readDatedFile, writeDatedFile } from './dated-files.server.ts'
import type { StoredEnquiry } from './enquiry.server.ts'

type Logger = { error(obj: object, msg: string): void }
type Found = { file: string; enquiry: StoredEnquiry; enquiries: readonly StoredEnquiry[] }

/**
 * Read on demand, held briefly and bounded (dated-file-reads.server.ts); each
 * change rewrites its file whole, so two changes of one file must not interleave.
 */
export class DatedEnquiries {
  private tail: Promise<unknown> = Promise.resolve()
  private readonly reads = new DatedFileReads()

  constructor(
    readonly dataFile: string,
    private readonly logger: Logger,
  ) {}

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work)
    this.tail = run.catch(() => {})
    return run
  }

  /** Adds enquiries to their months' files; resolves to the ids kept there. */
  add(enquiries: readonly StoredEnquiry[]): Promise<Set<string>> {
    const unreadable = (err: Error) =>
      this.logger.error(
        { dataFile: this.dataFile, err },
        `${err.message} The enquiries of its month stay in the data file until it is fixed.`,
      )
    return this.serial(() =>
      addToDatedFiles(this.dataFile, enquiries, unreadable).finally(() => this.reads.forgetAll()),
    )
  }

  /** Every enquiry in the dated files, newest month first; a file that cannot be read is logged and left out. */
  async all(): Promise<StoredEnquiry[]> {
    const all: StoredEnquiry[] = []
    for (const { file } of await listDatedFiles(this.dataFile)) {
      try {
        all.push(...(await this.reads.read(file)))
      } catch (err) {
        this.logger.error({ file, err }, `${(err as Error).message} Its enquiries are left out until it is fixed.`)
      }
    }
    return all
  }

  /** The ids, in every dated file, of the enquiries passing `test` (named `name`: kept per file until it changes). */
  async idsPassing(name: string, test: (m: StoredEnquiry) => boolean): Promise<string[]> {
    const ids: string[] = []
    for (const { file } of await listDatedFiles(this.dataFile)) {
      try {
        ids.push(...(await this.reads.idsPassing(file, name, test)))
      } catch {
        // unreadable: left out, as all() does (and logs)
      }
    }
    return ids
  }

  async find(id: string): Promise<StoredEnquiry | undefined> {
    return (await this.locate(id, null, 'shape'))?.enquiry
  }

  /** `month` ("2024-03"), when known, limits the search to that month's file. */
  private async locate(
    id: string,
    month?: string | null,
    check: 'each' | 'shape' = 'each',
  ): Promise<Found | undefined> {
    const files = month ? [{ month, file: datedFileFor(this.dataFile, month) }] : await listDatedFiles(this.dataFile)
    for (const { file } of files) {
      let enquiries: readonly StoredEnquiry[]
      try {
        enquiries = check === 'shape' ? await this.reads.read(file) : await readDatedFile(file, check)
      } catch {
        continue
      }
      const enquiry = enquiries.find((m) => m.id === id)
      if (enquiry) return { file, enquiry, enquiries }
    }
    return undefined
  }

  /** `change` returning null removes it; resolves to what was there before, or undefined. */
  change(
    id: string,
    change: (m: StoredEnquiry) => StoredEnquiry | null,
    month?: string | null,
  ): Promise<StoredEnquiry | undefined> {
    return this.serial(async () => {
      const found = await this.locate(id, month)
      if (!found) return undefined
      const next = change(found.enquiry)
      await writeDatedFile(
        found.file,
        found.enquiries.flatMap((m) => (m.id !== id ? [m] : next ? [next] : [])),
      ).finally(() => this.reads.forget(found.file))
      return found.enquiry
    })
  }
}
