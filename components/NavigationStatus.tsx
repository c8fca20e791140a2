/** The live region where a page says what is loading (filled by renderer/browser/navigation-status.client.ts). */
export const NAVIGATION_STATUS_ID = 'navigation-status'

export function NavigationStatus() {
  return <div id={NAVIGATION_STATUS_ID} className="navigation-status" role="status" aria-live="polite" />
}
