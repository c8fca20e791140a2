import * as v from 'valibot'

/** The first message for each field of a failed parse: what a form shows beside its fields. */
export function fieldErrors<K extends string>(issues: readonly v.BaseIssue<unknown>[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {}
  for (const issue of issues) {
    const key = v.getDotPath(issue)
    if (key && !(key in out)) out[key as K] = issue.message
  }
  return out
}
