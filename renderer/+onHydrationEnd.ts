// https://vike.dev/onHydrationEnd: the page is interactive. Marked on <body> for tests, and on <html>
// for styles that only make sense with JavaScript running (smooth scrolling, see styles/global.scss).
import { keepHashTargetInView } from './keep-hash-in-view.ts'

export function onHydrationEnd() {
  keepHashTargetInView()
  document.documentElement.dataset.hydrated = 'true'
  document.body.dataset.hydrated = 'true'
}
