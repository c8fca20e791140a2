/**
 * Tiny and dependency-free: react-toastify and its styles are fetched when first needed (docs/site.md, Notifications).
 */

import type { Notice, Notifier } from './types.ts'

let ready: Promise<Notifier> | null = null

/** Call it when a toast becomes likely, so the live region is in the page before anything is announced into it. */
export function prepareToasts(): Promise<Notifier> {
  if (typeof document === 'undefined') return Promise.reject(new Error('Toasts exist only in the browser'))
  if (!ready) {
    ready = import('./ToastViewport.tsx').then((m) => m.mountToastViewport())
    // A chunk that failed to load (flaky connection) may be fetched again next time.
    ready.catch(() => {
      ready = null
    })
  }
  return ready
}

export async function notify(notice: Notice): Promise<void> {
  const notifier = await prepareToasts()
  notifier.show(notice)
}
