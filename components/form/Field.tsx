import type { ReactNode } from 'react'

/** The id of a field's error message, for `aria-describedby`. */
export const errorIdFor = (controlId: string) => `${controlId}-error`

/** The attributes that tie a control to its label and its error message. */
export function controlProps(id: string, name: string, error: string | undefined) {
  return {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdFor(id) : undefined,
  } as const
}

type Props = {
  /** The control's id (see controlProps). */
  id: string
  label: string
  error?: string
  /** Spans the form's whole width on wider screens. */
  wide?: boolean
  children: ReactNode
}

/** One form field: its label, its control and, once the form is checked, the message beside it. */
export function Field({ id, label, error, wide, children }: Props) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={errorIdFor(id)}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The current text of a form's fields, read from the page (fields keep what the visitor typed). */
export function readFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form)
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>
}

/** Empties a form's fields (form.reset() would bring back values the page was rendered with). */
export function clearFields(form: HTMLFormElement, names: readonly string[]): void {
  for (const name of names) {
    const control = form.elements.namedItem(name)
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) control.value = ''
  }
}
