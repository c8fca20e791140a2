// https://vike.dev/onHydrationEnd: the page is interactive. Marked on <body> for tests and styles.
import { keepHashTargetInView } from './keep-hash-in-view.ts'

export function onHydrationEnd() {
  keepHashTargetInView()
  document.body.dataset.hydrated = 'true'
}
