type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

type Typed = { value: string; caret: [number, number] | null }

/**
 * React resets hydrated textareas and selects to their server values; see docs/decisions.md (One form layer).
 * Only what the person changed is put back: every other field keeps what the server sent.
 */
export function keepTyped(root: HTMLElement): { restore: () => Promise<void> } {
  const typed = new Map<string, Typed>()
  const keep = (control: Control) => typed.set(keyOf(root, control), { value: read(control), caret: caretOf(control) })
  // Typed before this script ran: no event was heard, but the field no longer holds what the server sent.
  for (const control of controlsOf(root)) if (changedByPerson(control)) keep(control)
  const note = (e: Event) => {
    const control = e.target
    if (e.isTrusted && isControl(control) && root.contains(control) && control.type !== 'hidden') keep(control)
  }
  // A key moving the caret in a field already typed into; a key alone types nothing.
  const noteCaret = (e: Event) => {
    const control = e.target
    if (isControl(control) && typed.has(keyOf(root, control))) keep(control)
  }
  const focusedAtStart =
    document.activeElement instanceof HTMLElement && root.contains(document.activeElement)
      ? document.activeElement
      : null
  const focusedKey = isControl(focusedAtStart) ? keyOf(root, focusedAtStart) : null
  let visitorMoved = false
  const moved = (e: Event) => {
    if (e.target !== focusedAtStart) visitorMoved = true
  }
  const listeners: [EventTarget, string, (e: Event) => void][] = [
    [root, 'input', note],
    [root, 'change', note],
    [root, 'keyup', noteCaret],
    [document, 'focusin', moved],
    [document, 'pointerdown', moved],
  ]
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener, true)

  const putBack = () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener, true)
    for (const control of controlsOf(root)) {
      const kept = typed.get(keyOf(root, control))
      if (!kept || read(control) === kept.value) continue
      write(control, kept.value)
      if (control === document.activeElement && kept.caret) setCaret(control, kept.caret)
    }
    // Only a field hydration replaced has lost focus to it; its new copy gets it back.
    if (visitorMoved || !focusedAtStart || focusedAtStart.isConnected || focusedKey === null) return
    if (document.activeElement !== document.body && document.activeElement !== null) return
    const replacement = controlsOf(root).find((control) => keyOf(root, control) === focusedKey)
    if (!replacement) return
    replacement.focus({ preventScroll: true })
    const caret = typed.get(focusedKey)?.caret
    if (caret) setCaret(replacement, caret)
  }
  return { restore: () => new Promise<void>((resolve) => setTimeout(() => resolve(putBack()), 0)) }
}

/**
 * A chosen file cannot be written back (a file input's value only
 * clears), and React leaves it alone; nobody types into a hidden input.
 */
function controlsOf(root: HTMLElement): Control[] {
  return [...root.querySelectorAll<Control>('input:not([type="file"]):not([type="hidden"]), textarea, select')]
}

/** What the server sent is the control's default (its value attribute, checked or selected option). */
function changedByPerson(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected)
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked !== control.defaultChecked
  return control.value !== control.defaultValue
}

function isControl(target: EventTarget | null): target is Control {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  )
}

/**
 * A field by what survives its replacement: its id, or its form's place among the island's forms
 * with its name and place in that form (forms repeated per item share their field names).
 */
function keyOf(root: HTMLElement, control: Control): string {
  if (control.id) return control.id
  const form = control.form
  const formAt = form ? [...root.querySelectorAll('form')].indexOf(form) : -1
  return `${formAt}/${control.name}#${[...(form?.elements ?? [])].indexOf(control)}`
}

function read(control: Control): string {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return String(control.checked)
  return control.value
}

function write(control: Control, value: string): void {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    control.checked = value === 'true'
  else control.value = value
}

function caretOf(control: Control): [number, number] | null {
  if (control instanceof HTMLSelectElement) return null
  try {
    return control.selectionStart === null || control.selectionEnd === null
      ? null
      : [control.selectionStart, control.selectionEnd]
  } catch {
    return null // inputs such as e-mail have no caret position to read
  }
}

function setCaret(control: Control, [start, end]: [number, number]): void {
  if (control instanceof HTMLSelectElement) return
  try {
    control.setSelectionRange(start, end)
  } catch {
    // e-mail inputs take no selection range
  }
}
