import { usePageContext } from '../renderer/PageContextProvider.tsx'
import { useNavigationStore } from '../stores/navigation-store.ts'
import './NavigationStatus.scss'

/**
 * Says what is loading while a client-side navigation fetches its page data. Going to the
 * catalogue shows SPEC §2's 'Loading our premium collection...'; a first visit never does,
 * because the catalogue arrives already rendered in the HTML.
 */
export function NavigationStatus() {
  const { urlPathname } = usePageContext()
  const pending = useNavigationStore((s) => s.pendingPath)
  // Changing the filter on the catalogue itself is not a page load worth announcing.
  const pendingPath = pending === urlPathname ? null : pending
  return (
    <div className="navigation-status" role="status" aria-live="polite">
      {pendingPath === '/products' ? (
        <p className="navigation-status__text">Loading our premium collection...</p>
      ) : pendingPath ? (
        <p className="navigation-status__text">Loading...</p>
      ) : null}
    </div>
  )
}
