import * as v from 'valibot'
import type { Stored } from '../domain/stored.ts'

/**
 * Kept in the data file so a restart does not forget what was spent;
 * `images` becomes the images actually requested once the run ends.
 */
export const ImageRunSchema = v.looseObject({
  id: v.string(),
  startedAt: v.pipe(v.string(), v.isoTimestamp('must be a date and time such as 2025-01-14T10:32:00.000Z')),
  images: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type ImageRun = Stored<v.InferOutput<typeof ImageRunSchema>>
