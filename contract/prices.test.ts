import { describe, expect, it } from 'vitest'
import { addUsd, formatUsd, priceOf } from './prices.ts'

describe('prices', () => {
  it('lists the spec prices', () => {
    expect(priceOf('GET /search')).toBe(0.00203)
    expect(priceOf('GET /captions/{videoId}')).toBe(0.00053)
    expect(priceOf('GET /commentReplies')).toBe(0.00013)
  })
  it('adds without floating-point drift', () => {
    expect(addUsd(...Array.from({ length: 7 }, () => 0.00013))).toBe(0.00091)
    expect(addUsd(0.1, 0.2)).toBe(0.3)
  })
  it('formats single prices and totals', () => {
    expect(formatUsd(0.00203)).toBe('$0.00203')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(1.2)).toBe('$1.20')
  })
})
