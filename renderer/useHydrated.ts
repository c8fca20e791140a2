import { useSyncExternalStore } from 'react'

const never = () => () => {}

/** For a control that only works with its script: the painted page shows it as not ready rather than ignoring a tap. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
