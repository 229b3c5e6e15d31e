import { useId } from 'react'
import { formatUsd } from '../../../../contract/index.ts'
import { Button } from '../../../components/ui/button.tsx'
import { formatDate } from '../../../lib/format.ts'
import { formatParams } from '../model/ledger-export.ts'
import { formatBytes, type LedgerPage } from '../model/ledger-page.ts'
import { operationLabel } from '../model/operation-labels.ts'
import type { LedgerEntry } from '../model/spend-schema.ts'
import type { SpendViewState } from '../model/spend-url.ts'

type LedgerTableProps = {
  page: LedgerPage
  /** How many entries match the filters (all pages). */
  matching: number
  operations: readonly string[]
  state: SpendViewState
  onStateChange: (next: SpendViewState) => void
}

function cacheLabel(e: LedgerEntry): string {
  if (e.cache === 'HIT') return 'hit (free)'
  if (e.costUsd === 0) return 'not charged'
  return e.joined ? `paid (shared by ${e.joined + 1} requests)` : 'paid'
}

function LedgerFilters({ operations, state, onStateChange }: Pick<LedgerTableProps, 'operations' | 'state' | 'onStateChange'>) {
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
        <label htmlFor={`${id}-cache`} className="block font-medium">
          Cache
        </label>
        <select
          id={`${id}-cache`}
          value={state.cache ?? ''}
          onChange={(e) => onStateChange({ ...state, cache: e.target.value === 'HIT' || e.target.value === 'MISS' ? e.target.value : undefined, page: 1 })}
          className="mt-1 rounded border border-slate-300 px-2 py-1"
        >
          <option value="">Paid calls and cache hits</option>
          <option value="MISS">Paid calls only</option>
          <option value="HIT">Cache hits only</option>
        </select>
      </div>
    </div>
  )
}

/** The recorded calls, newest first, one page at a time (the page is in the URL). */
export function LedgerTable({ page, matching, operations, state, onStateChange }: LedgerTableProps) {
  const go = (p: number) => onStateChange({ ...state, page: p })
  return (
    <div className="space-y-3">
      <LedgerFilters operations={operations} state={state} onStateChange={onStateChange} />
      {page.rows.length === 0 ? (
        <p className="text-sm text-slate-600">No recorded calls match these filters.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm tabular-nums">
            <caption className="sr-only">
              Ledger entries {page.first} to {page.last} of {matching}, newest first
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                {['Time (UTC)', 'Operation', 'Parameters', 'Price', 'Cost', 'Cache', 'Status', 'Size'].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap py-1.5 pr-4">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((e) => {
                const params = formatParams(e.params)
                return (
                  <tr key={e.id} className="border-b border-slate-100 align-top">
                    <td className="whitespace-nowrap py-1.5 pr-4">
                      <time dateTime={e.at}>{formatDate(e.at)}</time>
                    </td>
                    <td className="whitespace-nowrap py-1.5 pr-4">{operationLabel(e.operation)}</td>
                    <td className="max-w-xs truncate py-1.5 pr-4 font-mono text-xs" title={params}>
                      {params || '—'}
                    </td>
                    <td className="py-1.5 pr-4">{formatUsd(e.priceUsd)}</td>
                    <td className="py-1.5 pr-4 font-semibold">{formatUsd(e.costUsd)}</td>
                    <td className="whitespace-nowrap py-1.5 pr-4">{cacheLabel(e)}</td>
                    <td className="whitespace-nowrap py-1.5 pr-4">{e.code ? `${e.status} ${e.code}` : e.status}</td>
                    <td className="whitespace-nowrap py-1.5 pr-4">{formatBytes(e.bytes)}</td>
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
