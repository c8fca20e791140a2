import { describe, expect, it } from 'vitest'
import { ukClock, ukDay, ukMoment, ukTime } from '../../domain/uk-time.ts'

const now = new Date('2026-11-28T09:00:00Z')

describe('the workspace clock (UK time)', () => {
  it('writes a day as the owner reads it, with the year only when it is not this one', () => {
    expect(ukDay('2026-11-27', now)).toBe('Fri 27 Nov')
    expect(ukDay('2025-11-27', now)).toBe('Thu 27 Nov 2025')
    // 23:30 UTC in summer is already the next day in London.
    expect(ukDay('2026-07-01T23:30:00Z', now)).toBe('Thu 2 Jul')
  })

  it('writes the time of day in UK time, summer time included', () => {
    expect(ukClock('2026-07-01T09:30:00Z')).toBe('10:30')
    expect(ukClock('2026-11-27T10:30:00Z')).toBe('10:30')
    expect(ukMoment('2026-11-27T10:30:00Z', now)).toBe('Fri 27 Nov, 10:30')
    expect(ukTime('2025-01-14T10:32:00Z')).toBe('14 Jan 2025, 10:32')
  })

  it('gives back what it cannot read as it came', () => {
    expect(ukDay('not a day', now)).toBe('not a day')
    expect(ukClock('')).toBe('')
    expect(ukTime(undefined)).toBe('unknown time')
  })
})
