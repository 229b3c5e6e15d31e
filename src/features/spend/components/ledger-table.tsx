import { useId } from 'react'
import { formatUsd } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { cn } from '#lib/cn.ts'
import { formatDate } from '#lib/format.ts'
import { formatParams } from '../lib/ledger-export.ts'
import { formatBytes, type LedgerPage } from '../lib/ledger-page.ts'
import { STATE_FILTER_LABELS, stateLabel } from '../lib/ledger-state.ts'
import { operationLabel } from '../lib/operation-labels.ts'
import type { LedgerEntry } from '../lib/spend-schema.ts'
import { STATE_FILTERS, type SpendViewState, type StateFilter } from '../lib/spend-url.ts'

type LedgerTableProps = {
  page: LedgerPage
  /** How many entries match the filters (all pages). */
  matching: number
  operations: readonly string[]
  state: SpendViewState
  onStateChange: (next: SpendViewState) => void
}

const isStateFilter = (v: string): v is StateFilter => (STATE_FILTERS as readonly string[]).includes(v)

/** A pending or interrupted call has cost nothing yet, but its price is held against the budget until it is settled or reconciled. */
function CostCell({ entry: e }: { entry: LedgerEntry }) {
  const unsettled = e.state === 'pending' || (e.state === 'interrupted' && !e.reconciled)
  if (unsettled)
    return <td className="whitespace-nowrap py-1.5 pr-4 text-amber-900">{formatUsd(e.priceUsd)} reserved</td>
  return <td className="py-1.5 pr-4 font-semibold">{formatUsd(e.costUsd)}</td>
}

function LedgerFilters({
  operations,
  state,
  onStateChange,
}: Pick<LedgerTableProps, 'operations' | 'state' | 'onStateChange'>) {
  const id = useId()
  return (
    <div className="flex flex-wrap items-end gap-4 text-sm">
      <div>
        <label htmlFor={`${id}-op`} className="block font-medium">
          Operation
        </label>
        <select
          id={`${id}-op`}
          value={state.operation ?? ''}
          onChange={(e) => onStateChange({ ...state, operation: e.target.value || undefined, page: 1 })}
          className="mt-1 rounded border border-slate-300 px-2 py-1"
        >
          <option value="">All operations</option>
          {operations.map((op) => (
            <option key={op} value={op}>
              {operationLabel(op)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-state`} className="block font-medium">
          State
        </label>
        <select
          id={`${id}-state`}
          value={state.state ?? ''}
          onChange={(e) =>
            onStateChange({
              ...state,
              state: isStateFilter(e.target.value) ? e.target.value : undefined,
              page: 1,
            })
          }
          className="mt-1 rounded border border-slate-300 px-2 py-1"
        >
          <option value="">All states</option>
          {STATE_FILTERS.map((f) => (
            <option key={f} value={f}>
              {STATE_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** The paid calls, newest first, one page at a time (the page is in the URL); cache hits are counted in the totals, not listed. */
export function LedgerTable({ page, matching, operations, state, onStateChange }: LedgerTableProps) {
  const go = (p: number) => onStateChange({ ...state, page: p })
  return (
    <div className="space-y-3">
      <LedgerFilters operations={operations} state={state} onStateChange={onStateChange} />
      {page.rows.length === 0 ? (
        <p className="text-sm text-slate-600">No paid calls match these filters.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm tabular-nums">
            <caption className="sr-only">
              Ledger entries {page.first} to {page.last} of {matching}, newest first
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                {['Time (UTC)', 'Operation', 'Parameters', 'Price', 'Cost', 'State', 'Status', 'Size'].map(
                  (h) => (
                    <th key={h} scope="col" className="whitespace-nowrap py-1.5 pr-4">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((e) => {
                const params = formatParams(e.params)
                return (
                  <tr
                    key={e.id}
                    className={cn(
                      'border-b border-slate-100 align-top',
                      (e.state === 'pending' || e.state === 'interrupted') && 'bg-amber-50',
                    )}
                  >
                    <td className="whitespace-nowrap py-1.5 pr-4">
                      <time dateTime={e.at}>{formatDate(e.at)}</time>
                    </td>
                    <td className="whitespace-nowrap py-1.5 pr-4">{operationLabel(e.operation)}</td>
                    <td className="max-w-60 truncate py-1.5 pr-4 font-mono text-xs" title={params}>
                      {params || '—'}
                    </td>
                    <td className="py-1.5 pr-4">{formatUsd(e.priceUsd)}</td>
                    <CostCell entry={e} />
                    <td className="min-w-40 py-1.5 pr-4">{stateLabel(e)}</td>
                    {/* Status 0 means no answer yet: a dash, not a number that looks like one. */}
                    <td className="py-1.5 pr-4">
                      {e.status === 0 ? '—' : e.code ? `${e.status} ${e.code}` : e.status}
                    </td>
                    <td className="whitespace-nowrap py-1.5 pr-4">
                      {e.status === 0 ? '—' : formatBytes(e.bytes)}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {page.pageCount > 1 && (
        <nav aria-label="Ledger pages" className="flex items-center gap-3 text-sm">
          <Button size="sm" disabled={page.page <= 1} onClick={() => go(page.page - 1)}>
            Previous page
          </Button>
          <span>
            Page {page.page} of {page.pageCount} ({page.first}–{page.last} of {matching})
          </span>
          <Button size="sm" disabled={page.page >= page.pageCount} onClick={() => go(page.page + 1)}>
            Next page
          </Button>
        </nav>
      )}
    </div>
  )
}
