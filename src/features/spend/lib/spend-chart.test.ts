import { describe, expect, it } from 'vitest'
import { axisFor, niceCeiling, spendChartData } from './spend-chart.ts'
import type { DayTotals } from './spend-schema.ts'

const t = (spentUsd: number, paidCalls = 1) => ({
  spentUsd,
  paidCalls,
  cacheHits: 0,
  savedUsd: 0,
  failedCalls: 0,
  pendingCalls: 0,
  pendingUsd: 0,
  interruptedCalls: 0,
  interruptedUsd: 0,
})
const day = (name: string, ops: Record<string, number>): DayTotals => {
  const byOperation = Object.fromEntries(Object.entries(ops).map(([op, usd]) => [op, t(usd)]))
  return { day: name, ...t(Object.values(ops).reduce((a, b) => a + b, 0)), byOperation }
}

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0.00406)).toBe(0.005)
    expect(niceCeiling(0.013)).toBe(0.02)
    expect(niceCeiling(0.0022)).toBe(0.005)
    expect(niceCeiling(1.2)).toBe(2)
    expect(niceCeiling(5)).toBe(5)
    expect(niceCeiling(0)).toBe(0)
  })

  it('gives the y axis at most four round steps that reach the largest day', () => {
    expect(axisFor(0.00203)).toEqual({ tickStep: 0.001, axisMax: 0.003 })
    expect(axisFor(0.00432)).toEqual({ tickStep: 0.002, axisMax: 0.006 })
    expect(axisFor(0.002)).toEqual({ tickStep: 0.0005, axisMax: 0.002 })
    expect(axisFor(0)).toEqual({ tickStep: 0, axisMax: 0 })
  })
})

describe('spendChartData', () => {
  it('fills days without calls with zero and orders operations by spend', () => {
    const data = spendChartData([
      day('2026-11-20', { 'GET /channels': 0.00013 }),
      day('2026-11-22', { 'GET /search': 0.00406, 'GET /channels': 0.00026 }),
    ])
    expect(data.days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22'])
    expect(data.operations).toEqual(['GET /search', 'GET /channels'])
    expect(data.values).toEqual([
      [0, 0.00013],
      [0, 0],
      [0.00406, 0.00026],
    ])
    expect(data.dayTotals).toEqual([0.00013, 0, 0.00432])
    expect(data.axisMax).toBe(0.006)
    expect(data.omittedDays).toBe(0)
  })

  it('keeps only the last maxDays days and says how many were left out', () => {
    const data = spendChartData(
      [day('2026-10-01', { 'GET /search': 0.00203 }), day('2026-11-22', { 'GET /search': 0.00203 })],
      7,
    )
    expect(data.days[0]).toBe('2026-11-16')
    expect(data.days).toHaveLength(7)
    expect(data.omittedDays).toBe(46)
  })

  it('has nothing to draw for an empty ledger or one with only free calls', () => {
    expect(spendChartData([]).days).toEqual([])
    const free = spendChartData([
      {
        day: '2026-11-22',
        ...t(0, 0),
        cacheHits: 3,
        byOperation: { 'GET /search': { ...t(0, 0), cacheHits: 3 } },
      },
    ])
    expect(free.operations).toEqual([])
    expect(free.axisMax).toBe(0)
  })
})
