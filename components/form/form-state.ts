import { useState, type FormEvent } from 'react'

/** Fields are uncontrolled, so what a visitor typed before the scripts ran is what is read. */

type Errors<K extends string> = Partial<Record<K, string>>

/** A failed check focuses the first field with a message; each message goes once its field is edited. */
export function useFieldErrors<K extends string>(initial?: Errors<K>) {
  const [errors, setErrors] = useState<Errors<K>>(initial ?? {})
  return {
    errors,
    onInput: (e: FormEvent<HTMLFormElement>) => {
      const field = (e.target as HTMLInputElement).name as K
      if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest as Errors<K>)
    },
    show: (form: HTMLFormElement, next: Errors<K>, order: readonly K[]) => {
      setErrors(next)
      const first = order.find((f) => next[f])
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
    },
    clear: () => setErrors({}),
  }
}

export function readFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form)
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>
}

/** Empties a form's fields (form.reset() would bring back values the page was rendered with). */
export function clearFields(form: HTMLFormElement, names: readonly string[]): void {
  for (const name of names) {
    const control = form.elements.namedItem(name)
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
    )
      control.value = ''
  }
}
