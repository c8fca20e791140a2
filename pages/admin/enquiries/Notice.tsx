import type { ReactNode } from 'react'

/**
 * A sentence after an action, and what to do next when there is something (a link). The page opens at it
 * (see ErrorSummary): focused as it loads or appears, with scripts or without, so a screen reader says it.
 */
export function Notice({ text, children }: { text: string | null; children?: ReactNode }) {
  if (!text) return null
  return (
    <div className="inbox-notice" role="status" tabIndex={-1} autoFocus>
      <p>{text}</p>
      {children}
    </div>
  )
}
