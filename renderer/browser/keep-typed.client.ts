type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * What a visitor typed, chose and had focused in a part of the page before its scripts ran.
 * Hydration must not lose it: React keeps most of it, but resets a textarea to its server text, and
 * a slow phone hydrates over several frames. `restore()` puts back any field that changed without the
 * visitor touching it since, and the focus and caret where they were.
 */
export function keepTyped(root: HTMLElement): { restore: () => void } {
  const controls = [...root.querySelectorAll<Control>('input, textarea, select')]
  const before = controls.map(read)
  const touched = new Set<EventTarget>()
  const onInput = (e: Event) => e.target && touched.add(e.target)
  root.addEventListener('input', onInput, true)
  root.addEventListener('change', onInput, true)
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null
  const caret = focused && 'selectionStart' in focused ? selection(focused as HTMLInputElement) : null

  return {
    restore() {
      root.removeEventListener('input', onInput, true)
      root.removeEventListener('change', onInput, true)
      controls.forEach((control, i) => {
        if (!control.isConnected || touched.has(control)) return
        if (read(control) !== before[i]) write(control, before[i]!)
      })
      if (focused?.isConnected && document.activeElement !== focused && (document.activeElement === document.body || document.activeElement === null)) {
        focused.focus({ preventScroll: true })
        if (caret) (focused as HTMLInputElement).setSelectionRange?.(caret[0], caret[1])
      }
    },
  }
}

function read(control: Control): string {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return String(control.checked)
  return control.value
}

function write(control: Control, value: string): void {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) control.checked = value === 'true'
  else control.value = value
}

function selection(el: HTMLInputElement): [number, number] | null {
  try {
    return el.selectionStart === null || el.selectionEnd === null ? null : [el.selectionStart, el.selectionEnd]
  } catch {
    return null // inputs such as e-mail have no caret position to read
  }
}
