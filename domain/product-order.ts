import * as v from 'valibot'

/** Where a product moves in the shop's order: a step, an end, or a place in the whole list (0 first). */
export const MOVES = ['up', 'down', 'top', 'bottom'] as const
export type Step = (typeof MOVES)[number]
export type Move = Step | number

const WHICH = 'Say which product moves.'
const WHERE = 'Say where it moves: up, down, top, bottom or a place in the list (0 first).'

/** Each check says what to send in the owner's words, never the validator's. */
export const MoveSchema = v.object(
  {
    id: v.pipe(v.string(WHICH), v.nonEmpty(WHICH)),
    to: v.union([v.picklist(MOVES), v.pipe(v.number(WHERE), v.integer(WHERE), v.minValue(0, WHERE))], WHERE),
  },
  'Send the move as JSON: {"id": "oxford-brogue", "to": "up"}.',
)
export type MoveRequest = v.InferOutput<typeof MoveSchema>

/** What the owner's API answers a move with: the shop's order after it. */
export type OrderAnswer = { order: string[]; position: number }

/** Where `from` lands for `to` in a list of `length`, or null when it stays. */
export function targetOf(from: number, to: Move, length: number): number | null {
  const target =
    typeof to === 'number' ? Math.min(to, length - 1) : { up: from - 1, down: from + 1, top: 0, bottom: length - 1 }[to]
  return target < 0 || target >= length || target === from ? null : target
}

/** `items` with the one at `from` taken out and put at `target`. */
export function moved<T>(items: readonly T[], from: number, target: number): T[] {
  const out = [...items]
  const [item] = out.splice(from, 1)
  out.splice(target, 0, item!)
  return out
}

/** What a move says once saved, with the page's script or without (`position` 0 first). */
export function movedSentence(name: string, position: number, total: number): string {
  return `Saved: ${name} is now number ${position + 1} of ${total} in the shop.`
}
