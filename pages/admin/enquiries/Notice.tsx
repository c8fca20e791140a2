import type { ReactNode } from 'react'

/** A sentence after an action, and what to do next when there is something (a link). */
export function Notice({ text, children }: { text: string | null; children?: ReactNode }) {
  if (!text) return null
  return (
    <div className="inbox-notice" role="status">
      <p>{text}</p>
      {children}
    </div>
  )
}
