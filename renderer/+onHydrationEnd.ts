// https://vike.dev/onHydrationEnd: the page is interactive. Marked on <body> for tests and styles.
export function onHydrationEnd() {
  document.body.dataset.hydrated = 'true'
}
