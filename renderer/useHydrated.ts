import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False in the server's HTML and during hydration, true once the browser runs the part: for a control
 * that can only work with its script, so the painted page shows it as not ready rather than one that
 * ignores a tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
