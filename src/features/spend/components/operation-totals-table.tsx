import { formatUsd } from '#contract/index.ts'
import { operationLabel } from '../lib/operation-labels.ts'
import type { OperationTotals } from '../lib/spend-schema.ts'

type OperationTotalsTableProps = { rows: readonly OperationTotals[] }

export function OperationTotalsTable({ rows }: OperationTotalsTableProps) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No calls recorded yet.</p>
  // A column of zeros says nothing: pending calls get one only while there are some.
  const pending = rows.some((r) => r.pendingCalls > 0)
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm tabular-nums">
        <caption className="sr-only">Totals by operation</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {[
              'Operation',
              'Spent',
              'Paid calls',
              'Cache hits',
              'Saved',
              'Failed',
              ...(pending ? ['Pending'] : []),
            ].map((h) => (
              <th key={h} scope="col" className="py-1.5 pr-4">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.operation} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-4 font-normal">
                {operationLabel(r.operation)}{' '}
                <span className="font-mono text-xs text-slate-500">{r.operation}</span>
              </th>
              <td className="py-1.5 pr-4">{formatUsd(r.spentUsd)}</td>
              <td className="py-1.5 pr-4">{r.paidCalls}</td>
              <td className="py-1.5 pr-4">{r.cacheHits}</td>
              <td className="py-1.5 pr-4">{formatUsd(r.savedUsd)}</td>
              <td className="py-1.5 pr-4">{r.failedCalls}</td>
              {pending && (
                <td className="py-1.5 pr-4">
                  {r.pendingCalls ? `${r.pendingCalls} (${formatUsd(r.pendingUsd)} reserved)` : 0}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
