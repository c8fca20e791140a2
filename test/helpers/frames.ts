import type { Locator, Page } from 'playwright-core'

/**
 * Resolves once the page has drawn two more frames: what a scroll or a click set off in one frame
 * (rAF work, intersection observers, layout-shift entries) has been delivered by the next.
 */
export function afterTwoFrames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
}

/** Resolves once the element's own animations and transitions (not its children's) have finished. */
export async function animationsDone(element: Locator): Promise<void> {
  await afterTwoFrames(element.page())
  await element.evaluate((el) =>
    Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined),
  )
}
