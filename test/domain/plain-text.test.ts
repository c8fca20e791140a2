/** A snippet of text for search results and link previews: whole when it fits, cut at a word when not. */
import { describe, expect, it } from 'vitest'
import { snippet } from '../../domain/plain-text.ts'

describe('snippet', () => {
  it('keeps a text that fits, on one line with single spaces', () => {
    expect(snippet('Full-grain calf\n\nOxford  brogue.', 40)).toBe('Full-grain calf Oxford brogue.')
  })

  it('cuts at the last whole word that fits, without its trailing stop or comma, and adds "…"', () => {
    expect(snippet('Saddle-stitched by hand, with brass fittings', 27)).toBe('Saddle-stitched by hand…')
    expect(snippet('Saddle-stitched by hand, with brass fittings', 27).length).toBeLessThanOrEqual(27)
  })

  it('cuts inside a word only when one word fills most of the room', () => {
    expect(snippet('Supercalifragilisticexpialidocious leather', 20)).toBe('Supercalifragilisti…')
  })
})
