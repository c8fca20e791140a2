import { useRef, useState, type PointerEvent, type RefObject } from 'react'

type Drag = {
  from: number
  over: number
  pointerId: number
  startY: number
  mids: number[]
  height: number
  dy: number
}

const EDGE = 56

/**
 * Rows dragged by a handle with any pointer (mouse, pen, a finger):
 * the others move aside as it passes; `onDrop(from, to)` on release.
 */
export function useDragOrder(list: RefObject<HTMLOListElement | null>, onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null)
  const live = useRef<Drag | null>(null)
  const set = (d: Drag | null) => {
    live.current = d
    setDrag(d)
  }

  const start = (from: number) => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0 || live.current || !list.current) return
    const rects = [...list.current.children].map((row) => row.getBoundingClientRect())
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
    set({
      from,
      over: from,
      pointerId: e.pointerId,
      startY: e.clientY + scrollY,
      mids: rects.map((r) => r.top + scrollY + r.height / 2),
      height: rects[from]!.height,
      dy: 0,
    })
  }
  const move = (e: PointerEvent<HTMLElement>) => {
    const d = live.current
    if (!d || e.pointerId !== d.pointerId) return
    // The page cannot scroll under a finger that drags, so it scrolls itself near the screen's edges.
    if (e.clientY < EDGE) scrollBy(0, -12)
    else if (e.clientY > innerHeight - EDGE) scrollBy(0, 12)
    const dy = e.clientY + scrollY - d.startY
    const centre = d.mids[d.from]! + dy
    set({ ...d, dy, over: d.mids.filter((m, i) => i !== d.from && m < centre).length })
  }
  const end = (e: PointerEvent<HTMLElement>) => {
    const d = live.current
    if (!d || e.pointerId !== d.pointerId) return
    set(null)
    if (e.type === 'pointerup' && d.over !== d.from) onDrop(d.from, d.over)
  }

  const offset = (index: number): number => {
    if (!drag) return 0
    if (index === drag.from) return drag.dy
    if (drag.from < index && index <= drag.over) return -drag.height
    if (drag.over <= index && index < drag.from) return drag.height
    return 0
  }
  const handle = (index: number) => ({
    onPointerDown: start(index),
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
  })
  return { handle, offset, dragged: drag?.from ?? null }
}
