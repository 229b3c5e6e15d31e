import { formatUsd } from '#contract/index.ts'
import { isSameSource } from '../lib/data-source.ts'
import type { DataSource, SourceTotals } from '../lib/spend-schema.ts'

type SourceTotalsTableProps = { rows: readonly SourceTotals[]; current: DataSource | undefined }

function sourceCell(row: SourceTotals): string {
  return row.kind === 'demo' ? 'Demo simulator (invented data)' : `Live service at ${row.label}`
}

/** Demo and live spend side by side, never summed: only the live service's spend counts against BUDGET_USD. */
export function SourceTotalsTable({ rows, current }: SourceTotalsTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm tabular-nums">
        <caption className="sr-only">Spend by data source</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {[
              'Data source',
              'Spent',
              'Paid calls',
              'Cache hits',
              'Saved',
              'Failed',
              'Pending',
              'Counts against the budget',
            ].map((h) => (
              <th key={h} scope="col" className="py-1.5 pr-4">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.source} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-4 font-normal">
                {sourceCell(r)}
                {isSameSource(r, current) && (
                  <>
                    {' '}
                    <span className="text-xs text-slate-600">(the figures above)</span>
                  </>
                )}
              </th>
              <td className="py-1.5 pr-4">{formatUsd(r.spentUsd)}</td>
              <td className="py-1.5 pr-4">{r.paidCalls}</td>
              <td className="py-1.5 pr-4">{r.cacheHits}</td>
              <td className="py-1.5 pr-4">{formatUsd(r.savedUsd)}</td>
              <td className="py-1.5 pr-4">{r.failedCalls}</td>
              <td className="py-1.5 pr-4">
                {r.pendingCalls ? `${r.pendingCalls} (${formatUsd(r.pendingUsd)} reserved)` : 0}
              </td>
              <td className="py-1.5 pr-4">{r.kind === 'live' ? 'yes' : 'no (invented data)'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
