// https://vike.dev/onPageTransitionStart: a client-side navigation began; its page data is being fetched.
import type { PageContextClient } from 'vike/types'
import { useNavigationStore } from '../stores/navigation-store.ts'

export function onPageTransitionStart(pageContext: Partial<PageContextClient>) {
  const path = pageContext.urlPathname ?? (pageContext.urlOriginal ? new URL(pageContext.urlOriginal, location.href).pathname : null)
  useNavigationStore.setState({ pendingPath: path })
}
