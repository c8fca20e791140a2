import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { journalFileFor } from '../data/journal.server.ts'
import { seedProducts } from '../data/seed/products.ts'
import type { StoredEnquiry } from '../data/enquiry.server.ts'

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000

/** `count` enquiries spread evenly over the last `years` years, oldest first, as a shop saves them. */
export function yearsOfEnquiries(count: number, years = 10, now = Date.now()): StoredEnquiry[] {
  const step = (years * YEAR_MS) / count
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(now - (count - i) * step).toISOString()
    return {
      id: randomUUID(),
      createdAt: at,
      firstName: `Visitor${i}`,
      lastName: 'Example',
      email: `visitor${i}@example.com`,
      subject: 'general',
      message:
        `Enquiry ${i}: I would like to know whether the Oxford Brogue can be ` +
        `resoled, and how long that takes. Could you also tell me about sizes?`,
      notification: { status: 'sent', attempts: [{ at, ok: true }], nextAttemptAt: null, sentAt: at },
    }
  })
}

/**
 * A data file of the shape every enquiry lived in before the dated files: the seed catalogue and
 * `count` enquiries over `years` years in `messages`, with the journal such a server kept beside it
 * (a line per enquiry ever saved). Returns the enquiries written.
 */
export async function writeOldShapeFile(file: string, count: number, years = 10): Promise<StoredEnquiry[]> {
  await mkdir(path.dirname(file), { recursive: true })
  const enquiries = yearsOfEnquiries(count, years)
  await writeFile(file, `${JSON.stringify({ products: seedProducts, messages: enquiries }, null, 2)}\n`)
  await writeFile(
    journalFileFor(file),
    enquiries.map((enquiry) => `${JSON.stringify({ message: enquiry })}\n`).join(''),
  )
  return enquiries
}
