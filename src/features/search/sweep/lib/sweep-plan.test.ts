import { describe, expect, it } from 'vitest'
import { formatDepth, parseDepth, planSweep } from './sweep-plan.ts'
import { circles } from './testing/fake-sweep-service.ts'

describe('sweep plan', () => {
  it('prices the first pages from the price table, cached first pages free', () => {
    const plan = planSweep(circles(12), { kind: 'first' })
    expect(plan).toMatchObject({ firstPagesUsd: 0.02436, atMostUsd: 0.02436, pagePriceUsd: 0.00203 })
    expect(plan.summary).toBe('12 circles, first page only: $0.02436')
    const cached = planSweep(circles(12), { kind: 'first' }, { cachedFirstPages: new Set(['c1', 'c2']) })
    expect(cached.firstPagesUsd).toBe(0.0203)
    expect(cached.summary).toBe('12 circles, first page only: $0.02030 (2 first pages cached: free)')
  })

  it('gives an upper bound for up to N pages and a per-page price for every page', () => {
    const five = planSweep(circles(12), { kind: 'pages', pages: 5 })
    expect(five.atMostUsd).toBe(0.1218)
    expect(five.summary).toBe(
      '12 circles, up to 5 pages each: at most $0.12 ($0.02436 for the first pages, then $0.00203 per further page while pages remain)',
    )
    const every = planSweep(circles(1), { kind: 'all' })
    expect(every.atMostUsd).toBeUndefined()
    expect(every.summary).toBe(
      '1 circle, every page: $0.00203 for the first pages, then $0.00203 per further page while pages remain, stopping at your maximum',
    )
  })

  it('writes and reads the depth of the URL', () => {
    for (const text of ['1', '2', '20', 'all']) expect(formatDepth(parseDepth(text)!)).toBe(text)
    for (const text of ['0', '21', '-1', 'every', '', null, undefined, '1.5'])
      expect(parseDepth(text)).toBeUndefined()
  })
})
