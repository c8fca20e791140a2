// https://vike.dev/onPageTransitionEnd: the new page is rendered.
import { useNavigationStore } from '../stores/navigation-store.ts'

export function onPageTransitionEnd() {
  useNavigationStore.setState({ pendingPath: null })
}
