/**
 * Toasts (one at a time, the newest replacing the old: docs/site.md, Notifications) without
 * weighing on the first page load: this module is tiny and has no dependencies; react-toastify, its
 * styles and the notification area are fetched the first time they are needed (or a little earlier,
 * see `prepareToasts`).
 *
 * Usage: `notify({ kind: 'success', title: 'Message sent successfully!', description: '...' })`.
 */

import type { Notice, Notifier } from './types.ts'

let ready: Promise<Notifier> | null = null

/**
 * Loads react-toastify and mounts the one notification area (an ARIA live region, F8 to reach it).
 * Call it when a toast becomes likely (the visitor starts on a form) so the live region is in the
 * page before anything is announced into it. Safe to call many times; does nothing on the server.
 */
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

/** Shows a toast, replacing any toast on screen (one at a time). */
export async function notify(notice: Notice): Promise<void> {
  const notifier = await prepareToasts()
  notifier.show(notice)
}
