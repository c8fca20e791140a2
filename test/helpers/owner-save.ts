import { writeFile } from 'node:fs/promises'
import { expect, vi } from 'vitest'
import type { Store } from '../../data/store.server.ts'

const SEEN_WITHIN = { timeout: 10_000, interval: 20 }

/**
 * The owner saves the data file in an editor; resolves once the running store
 * has taken the edit in (its file watch) and written back what it lacked.
 */
export async function ownerSaves(store: Store, text: string): Promise<void> {
  let takenIn = false
  const off = store.onChange(() => (takenIn = true))
  try {
    await writeFile(store.file, text)
    await vi.waitFor(() => expect(takenIn, 'the store takes in the owner’s save').toBe(true), SEEN_WITHIN)
  } finally {
    off()
  }
  await store.drain()
}

/**
 * The owner saves a file with a mistake; resolves once the running
 * store reports it (and keeps serving the last good version).
 */
export async function ownerSavesBroken(store: Store, text: string): Promise<void> {
  await writeFile(store.file, text)
  await vi.waitFor(() => expect(store.problem, 'the store sees the mistake').not.toBeNull(), SEEN_WITHIN)
}
