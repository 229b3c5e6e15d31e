/** Spend per day stacked by operation: the chart's data, computed once and shared by the SVG and its table. */
import { addUsd } from '#contract/index.ts'
import type { DayTotals } from './spend-schema.ts'

export type SpendChartData = {
  /** Consecutive UTC days, oldest first (days without calls are zero). */
  days: string[]
  /** Operations with any spend in the window, most spent first. */
  operations: string[]
  /** values[d][o]: dollars spent on operations[o] on days[d]. */
  values: number[][]
  dayTotals: number[]
  /** Top of the y axis: a whole number of ticks at or above the largest day. */
  axisMax: number
  /** Distance between y-axis ticks: 1, 2 or 5 × 10ⁿ dollars. */
  tickStep: number
  /** Days left out at the start because only the last `maxDays` are drawn. */
  omittedDays: number
}

const DAY_MS = 86_400_000
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`)
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

const round = (n: number): number => Number(n.toPrecision(12))

/** 0.00406 → 0.005; 0.013 → 0.02; 1.2 → 2: the smallest of 1, 2 or 5 × 10ⁿ at or above `value`. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 0
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((m) => m * power >= value * (1 - 1e-9)) ?? 10
  return round(step * power)
}

/** At most four round ticks above zero that reach `max`. */
export function axisFor(max: number): { axisMax: number; tickStep: number } {
  if (!(max > 0)) return { axisMax: 0, tickStep: 0 }
  const tickStep = niceCeiling(max / 4)
  return { axisMax: round(tickStep * Math.ceil(round(max / tickStep))), tickStep }
}

export function spendChartData(byDay: readonly DayTotals[], maxDays = 31): SpendChartData {
  const known = byDay.filter((d) => !Number.isNaN(dayMs(d.day)))
  if (known.length === 0)
    return { days: [], operations: [], values: [], dayTotals: [], axisMax: 0, tickStep: 0, omittedDays: 0 }
  const first = dayMs(known[0]!.day)
  const last = dayMs(known[known.length - 1]!.day)
  const allDays = Math.round((last - first) / DAY_MS) + 1
  const start = Math.max(first, last - (maxDays - 1) * DAY_MS)
  const days = Array.from({ length: Math.round((last - start) / DAY_MS) + 1 }, (_, i) =>
    isoDay(start + i * DAY_MS),
  )
  const byDayName = new Map(known.map((d) => [d.day, d]))

  const spentPerOperation = new Map<string, number>()
  for (const day of days) {
    for (const [op, t] of Object.entries(byDayName.get(day)?.byOperation ?? {})) {
      if (t.spentUsd > 0) spentPerOperation.set(op, addUsd(spentPerOperation.get(op) ?? 0, t.spentUsd))
    }
  }
  const operations = [...spentPerOperation]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([op]) => op)
  const values = days.map((day) => operations.map((op) => byDayName.get(day)?.byOperation[op]?.spentUsd ?? 0))
  const dayTotals = values.map((row) => addUsd(...row))
  return {
    days,
    operations,
    values,
    dayTotals,
    ...axisFor(Math.max(0, ...dayTotals)),
    omittedDays: allDays - days.length,
  }
}
