import { useEffect, useRef, useState, type FormEvent } from 'react'
import { moved, movedSentence, type Move, type OrderAnswer, type Step } from '../../../../domain/product-order.ts'
import { ApiError, moveProduct } from '../../../../lib/api.ts'
import { island } from '../../../../components/island.tsx'
import { useHydrated } from '../../../../renderer/useHydrated.ts'
import type { Data, Row } from './+data.ts'
import { ProductRow } from './ProductRow.tsx'
import { useDragOrder } from './use-drag-order.ts'

type Props = { rows: Row[]; total: number; moved: Data['moved'] }

const placed = (rows: Row[], { order }: OrderAnswer) => {
  const rank = new Map(order.map((id, i) => [id, i]))
  return rows.map((r) => ({ ...r, position: rank.get(r.id) ?? r.position })).sort((a, b) => a.position - b.position)
}

/**
 * The list in the shop's order: rows dragged by their handle, or moved by their
 * buttons (which post without JavaScript); each move is saved at once and said aloud.
 */
function ProductOrder({ rows: initial, total: initialTotal, moved: movedBefore }: Props) {
  const [rows, setRows] = useState(initial)
  const [total, setTotal] = useState(initialTotal)
  const [said, setSaid] = useState('')
  const [refocus, setRefocus] = useState<{ id: string; to: Step } | null>(null)
  const list = useRef<HTMLOListElement>(null)
  const queue = useRef<Promise<void>>(Promise.resolve())
  const hydrated = useHydrated()

  const save = (id: string, to: Move, before: Row[]) => {
    queue.current = queue.current.then(async () => {
      try {
        const answer = await moveProduct({ id, to })
        setRows((now) => placed(now, answer))
        setTotal(answer.order.length)
        const name = before.find((r) => r.id === id)?.name ?? id
        setSaid(movedSentence(name, answer.position, answer.order.length))
      } catch (err) {
        setRows(before)
        setSaid(
          `The new order could not be saved: ` +
            `${err instanceof ApiError ? (err.serverError ?? err.message) : 'the connection failed'}. ` +
            `Nothing was changed; please try again.`,
        )
      }
    })
  }

  const { handle, offset, dragged } = useDragOrder(list, (from, to) => {
    const target = rows[to]!.position
    setRows(moved(rows, from, to))
    save(rows[from]!.id, target, rows)
  })

  const onStep = (id: string) => (e: FormEvent<HTMLFormElement>) => {
    const to = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as Step | null
    if (to !== 'up' && to !== 'down') return
    e.preventDefault()
    setRefocus({ id, to })
    save(id, to, rows)
  }

  // A moved row is put back into the list, which takes the focus off
  // its button: it goes back on it (or on the other one at an end).
  useEffect(() => {
    if (!refocus) return
    const buttons = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>(
        `[data-row="${CSS.escape(refocus.id)}"] button[name="to"]`,
      ) ?? []),
    ]
    const pressed = buttons.find((b) => b.value === refocus.to)
    const target = pressed && !pressed.disabled ? pressed : buttons.find((b) => !b.disabled)
    if (target && document.activeElement !== target) target.focus()
  }, [rows, refocus])

  return (
    <>
      <ol
        ref={list}
        className={`admin-products${hydrated ? ' admin-products--ready' : ''}`}
        aria-describedby="products-order-help"
      >
        {rows.map((row, i) => (
          <ProductRow
            key={row.id}
            row={row}
            last={row.position === total - 1}
            onStep={onStep(row.id)}
            handle={handle(i)}
            offset={offset(i)}
            dragged={dragged === i}
            // The move the page came back from, said in its row until the next move is said below.
            notice={!said && movedBefore?.id === row.id ? movedBefore.sentence : undefined}
          />
        ))}
      </ol>
      {/* Below the list, so the first product is in the top half of a phone's screen; the list names it as its description. */}
      <p id="products-order-help" className="admin-products__help">
        {hydrated
          ? 'Drag a product by its handle, or use its arrows, to change where the shop shows it.'
          : 'Use the arrows to change where the shop shows a product.'}
      </p>
      <p className="admin-products__said" role="status" aria-live="polite">
        {said}
      </p>
    </>
  )
}

export const ProductOrderIsland = island('product-order', ProductOrder)
