import { useId } from 'react'
import { formatUsd } from '#contract/index.ts'
import { operationColour, operationLabel } from '../lib/operation-labels.ts'
import type { SpendChartData } from '../lib/spend-chart.ts'

const W = 720
const H = 240
const M = { left: 64, right: 12, top: 12, bottom: 32 }
const PLOT_W = W - M.left - M.right
const PLOT_H = H - M.top - M.bottom

const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`))

type SpendChartProps = { data: SpendChartData }

/** Stacked bars of spend per day by operation (hand-written SVG), with a legend and the same numbers as a table. */
export function SpendChart({ data }: SpendChartProps) {
  const id = useId()
  const { days, operations, values, dayTotals, axisMax, tickStep } = data
  if (days.length === 0 || axisMax === 0)
    return <p className="text-sm text-slate-600">Nothing has been paid yet, so there is no spend to chart.</p>

  const band = PLOT_W / days.length
  const barWidth = Math.max(1, Math.min(40, band * 0.7))
  const y = (usd: number) => M.top + PLOT_H - (usd / axisMax) * PLOT_H
  const labelEvery = Math.ceil(days.length / 8)
  const peak = dayTotals.reduce((best, v, i) => (v > (dayTotals[best] ?? 0) ? i : best), 0)
  const summary = `Spend per day from ${days[0]} to ${days[days.length - 1]}, stacked by operation (${operations.map(operationLabel).join(', ')}). The most was ${formatUsd(dayTotals[peak] ?? 0)} on ${days[peak]}. The table below has every value.`

  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full max-w-3xl"
      >
        <title id={`${id}-title`}>Spend over time by operation</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {Array.from({ length: Math.round(axisMax / tickStep) + 1 }, (_, i) => {
          const v = Number((tickStep * i).toPrecision(12))
          return (
            <g key={i}>
              <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
              <text
                x={M.left - 6}
                y={y(v)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize="11"
                fill="#475569"
              >
                {formatUsd(v)}
              </text>
            </g>
          )
        })}
        {days.map((day, d) => {
          const x = M.left + d * band + (band - barWidth) / 2
          let top = 0
          return (
            <g key={day}>
              {operations.map((op, o) => {
                const usd = values[d]?.[o] ?? 0
                if (usd <= 0) return null
                const y0 = y(top)
                top += usd
                const y1 = y(top)
                return (
                  <rect
                    key={op}
                    x={x}
                    y={y1}
                    width={barWidth}
                    height={Math.max(0.5, y0 - y1)}
                    fill={operationColour(op, o)}
                  >
                    <title>{`${day} · ${operationLabel(op)}: ${formatUsd(usd)}`}</title>
                  </rect>
                )
              })}
              {d % labelEvery === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={H - M.bottom + 16}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#475569"
                >
                  {dayLabel(day)}
                </text>
              )}
            </g>
          )
        })}
        <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} stroke="#64748b" />
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Legend">
          {operations.map((op, o) => (
            <li key={op} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-3 rounded-sm"
                style={{ backgroundColor: operationColour(op, o) }}
              />
              {operationLabel(op)}
            </li>
          ))}
        </ul>
        {data.omittedDays > 0 && (
          <p className="mt-1 text-xs text-slate-600">
            The chart shows the last {days.length} days; {data.omittedDays} earlier days are in the totals.
          </p>
        )}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-sky-800">Show the chart&apos;s numbers as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left tabular-nums">
            <caption className="sr-only">Spend per day by operation, in US dollars</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-4">
                  Day (UTC)
                </th>
                {operations.map((op) => (
                  <th key={op} scope="col" className="py-1 pr-4">
                    {operationLabel(op)}
                  </th>
                ))}
                <th scope="col" className="py-1 pr-4">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, d) => (
                <tr key={day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {day}
                  </th>
                  {operations.map((op, o) => (
                    <td key={op} className="py-1 pr-4">
                      {formatUsd(values[d]?.[o] ?? 0)}
                    </td>
                  ))}
                  <td className="py-1 pr-4 font-semibold">{formatUsd(dayTotals[d] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
