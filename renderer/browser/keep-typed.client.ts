type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

type Typed = { value: string; caret: [number, number] | null }

/** React resets hydrated textareas and selects to their server values; see docs/decisions.md (One form layer). */
export function keepTyped(root: HTMLElement): { restore: () => Promise<void> } {
  const typed = new Map<string, Typed>()
  for (const control of controlsOf(root)) typed.set(keyOf(control), { value: read(control), caret: caretOf(control) })
  const note = (e: Event) => {
    const control = e.target
    if (isControl(control) && root.contains(control)) typed.set(keyOf(control), { value: read(control), caret: caretOf(control) })
  }
  const focusedAtStart = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null
  const focusedKey = isControl(focusedAtStart) ? keyOf(focusedAtStart) : null
  let visitorMoved = false
  const moved = (e: Event) => {
    if (e.target !== focusedAtStart) visitorMoved = true
  }
  const listeners: [EventTarget, string, (e: Event) => void][] = [
    [root, 'input', note],
    [root, 'change', note],
    [root, 'keyup', note],
    [document, 'focusin', moved],
    [document, 'pointerdown', moved],
  ]
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener, true)

  const putBack = () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener, true)
    for (const control of controlsOf(root)) {
      const kept = typed.get(keyOf(control))
      if (!kept || read(control) === kept.value) continue
      write(control, kept.value)
      if (control === document.activeElement && kept.caret) setCaret(control, kept.caret)
    }
    // Only a field hydration replaced has lost focus to it; its new copy gets it back.
    if (visitorMoved || !focusedAtStart || focusedAtStart.isConnected || focusedKey === null) return
    if (document.activeElement !== document.body && document.activeElement !== null) return
    const replacement = controlsOf(root).find((control) => keyOf(control) === focusedKey)
    if (!replacement) return
    replacement.focus({ preventScroll: true })
    const caret = typed.get(focusedKey)?.caret
    if (caret) setCaret(replacement, caret)
  }
  return { restore: () => new Promise<void>((resolve) => setTimeout(() => resolve(putBack()), 0)) }
}

/** A chosen file cannot be written back (a file input's value only clears), and React leaves it alone. */
function controlsOf(root: HTMLElement): Control[] {
  return [...root.querySelectorAll<Control>('input:not([type="file"]), textarea, select')]
}

function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
}

/** A field by what survives its replacement: its id, or its name and place. */
function keyOf(control: Control): string {
  return control.id || `${control.name}#${[...(control.form?.elements ?? [])].indexOf(control)}`
}

function read(control: Control): string {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return String(control.checked)
  return control.value
}

function write(control: Control, value: string): void {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) control.checked = value === 'true'
  else control.value = value
}

function caretOf(control: Control): [number, number] | null {
  if (control instanceof HTMLSelectElement) return null
  try {
    return control.selectionStart === null || control.selectionEnd === null ? null : [control.selectionStart, control.selectionEnd]
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
