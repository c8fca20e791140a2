/** The live region where a page says what is loading (filled by renderer/browser/navigation-status.ts). */
export const NAVIGATION_STATUS_ID = 'navigation-status'

/**
 * Empty in the HTML. With JavaScript, following a link to another page announces it here while the
 * browser fetches that page: the catalogue reads 'Loading our premium collection...'.
 */
export function NavigationStatus() {
  return <div id={NAVIGATION_STATUS_ID} className="navigation-status" role="status" aria-live="polite" />
}
