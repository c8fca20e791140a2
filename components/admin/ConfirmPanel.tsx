import type { ReactNode } from 'react'

/**
 * The question before what cannot be undone. A plain link opens it (the page's `?confirm=…#id`),
 * so it asks with scripts or without; it holds the action's own form, and Cancel back to the page.
 * It opens focused, so a screen reader reads the question before the buttons.
 */
export function ConfirmPanel({
  id,
  title,
  children,
  action,
  cancelHref,
}: {
  id: string
  title: string
  /** What goes, what stays, and that it cannot be undone. */
  children: ReactNode
  action: ReactNode
  cancelHref: string
}) {
  return (
    <section id={id} className="confirm-panel" aria-labelledby={`${id}-title`} tabIndex={-1} autoFocus>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{children}</p>
      {/* Cancel first: the Tab after the question reaches the way back before what cannot be undone. */}
      <div className="confirm-panel__buttons">
        <a className="btn btn-outline" href={cancelHref}>
          Cancel
        </a>
        {action}
      </div>
    </section>
  )
}
