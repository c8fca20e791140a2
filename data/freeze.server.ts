/** Freezes `value` and all it holds; an object frozen already is taken as frozen throughout. */
export function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return
  Object.freeze(value)
  for (const child of Object.values(value)) if (child !== null && typeof child === 'object') deepFreeze(child)
}

// Vitest marks its workers, and the servers the tests start inherit the mark.
const UNDER_TEST = Boolean(process.env.VITEST)

/**
 * Under the tests, all the store hands out is frozen as it is loaded or replaced, so a change made
 * in place throws where it is made. Not in production: V8 runs filter, find and slice on a frozen
 * array many times slower, and a dated file would pay a deep freeze at every read. (Production still
 * freezes each item once written, as its text is kept: atomic-json-file.server.ts.)
 */
export function frozenUnderTest<T>(value: T): T {
  if (UNDER_TEST && value !== null && typeof value === 'object') deepFreeze(value)
  return value
}
