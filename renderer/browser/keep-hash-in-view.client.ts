/**
 * On a first visit to /#contact, late fonts and images reflow the page during the smooth
 * scroll; once settled, put the section back at the top unless the visitor has moved.
 */
export function keepHashTargetInView(): void {
  const id = targetId()
  if (!id || !document.getElementById(id)) return
  let visitorMoved = false
  const moved = () => (visitorMoved = true)
  const intents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  for (const type of intents) window.addEventListener(type, moved, { once: true, passive: true })
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((r) => window.addEventListener('load', r, { once: true }))
  void Promise.all([loaded, document.fonts?.ready])
    .then(scrollingStopped)
    .then(() => {
      for (const type of intents) window.removeEventListener(type, moved)
      const target = document.getElementById(id)
      // Instant: this corrects a position the visitor already sees; it is not a navigation.
      if (!visitorMoved && targetId() === id && target) target.scrollIntoView({ block: 'start', behavior: 'instant' })
    })
}

function targetId(): string {
  try {
    return decodeURIComponent(window.location.hash.slice(1))
  } catch {
    return ''
  }
}

function scrollingStopped(): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, 400)
    function onScroll() {
      clearTimeout(timer)
      timer = setTimeout(done, 250)
    }
    function done() {
      window.removeEventListener('scroll', onScroll)
      resolve()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
  })
}
