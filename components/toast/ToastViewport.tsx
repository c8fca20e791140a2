// Loaded on first use only (see notify.ts): react-toastify injects its own stylesheet when the
// container mounts, and toast.scss (bundled with this chunk) adapts it to the brand.
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { cssTransition, toast, ToastContainer, type CloseButtonProps } from 'react-toastify'
import type { Notice, Notifier } from './types.ts'
import './toast.scss'

/**
 * Toast settings of docs/site.md (Notifications); react-toastify counts the
 * swipe in percent of the width, and removes a dismissed toast by itself.
 */
const TOAST = {
  limit: 1,
  autoCloseMs: 5000,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const

/** Width of a toast in CSS px; keep in step with toast.scss ($toast-width, $phone-gutter). */
const TOAST_WIDTH_PX = 360
const PHONE_MAX_PX = 480
const PHONE_GUTTER_PX = 24

function toastWidthPx(): number {
  return window.innerWidth <= PHONE_MAX_PX ? window.innerWidth - PHONE_GUTTER_PX : TOAST_WIDTH_PX
}

function swipePercent(): number {
  return (TOAST.swipeThresholdPx / toastWidthPx()) * 100
}

// Slide in from the right (where a swipe sends it back); a short exit and no collapse, so a
// replacing toast appears without a long gap.
const Slide = cssTransition({
  enter: 'Toastify--animate Toastify__slide-enter',
  exit: 'Toastify--animate toast-exit Toastify__slide-exit',
  appendPosition: true,
  collapse: false,
})

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="toast__close"
      aria-label="Close notification"
      onClick={(e) => {
        e.stopPropagation()
        closeToast(true)
      }}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

function ToastBody({ title, description }: Pick<Notice, 'title' | 'description'>) {
  return (
    <div className="toast__content">
      <p className="toast__title">{title}</p>
      {description ? <p className="toast__description">{description}</p> : null}
    </div>
  )
}

function show(notice: Notice) {
  toast.clearWaitingQueue()
  toast.dismiss()
  toast(<ToastBody title={notice.title} description={notice.description} />, {
    type: notice.kind,
    // Success is announced politely, an error at once (the region itself is polite).
    role: notice.kind === 'error' ? 'alert' : 'status',
    className: `toast toast--${notice.kind}`,
    draggablePercent: swipePercent(),
  })
}

function ToastViewport({ onReady }: { onReady: () => void }) {
  useEffect(() => {
    // The container has subscribed by now (children's effects run first). One frame later the
    // empty live region is in the accessibility tree, so the first toast is announced.
    const frame = requestAnimationFrame(() => onReady())
    return () => cancelAnimationFrame(frame)
  }, [onReady])
  return (
    <ToastContainer
      position="bottom-right"
      limit={TOAST.limit}
      autoClose={TOAST.autoCloseMs}
      draggable
      draggableDirection="x"
      draggablePercent={swipePercent()}
      closeOnClick={false}
      pauseOnHover
      pauseOnFocusLoss
      hideProgressBar={false}
      closeButton={CloseButton}
      transition={Slide}
      hotKeys={(e) => e.key === TOAST.hotkey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey}
      aria-label={`Notifications (${TOAST.hotkey})`}
      theme="light"
    />
  )
}

export function mountToastViewport(): Promise<Notifier> {
  const host = document.createElement('div')
  host.className = 'toast-root'
  document.body.append(host)
  return new Promise((resolve) => {
    createRoot(host).render(<ToastViewport onReady={() => resolve({ show })} />)
  })
}
