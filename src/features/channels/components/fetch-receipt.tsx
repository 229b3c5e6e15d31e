import { formatUsd } from '#contract/index.ts'
import { formatDate } from '#lib/format.ts'
import type { Receipt } from '#lib/paid-fetch.ts'

/** What opening this page cost: the page fetched by itself, so it says so afterwards (docs/decisions/0051). */
export function FetchReceipt({ receipt }: { receipt: Receipt }) {
  const when = formatDate(receipt.fetchedAt)
  const cached = receipt.cache === 'HIT' || receipt.costUsd === 0
  return (
    <p className="text-sm text-slate-600" data-testid="fetch-receipt">
      {cached ? (
        <>
          From the dashboard's cache · <strong className="font-medium text-slate-800">free</strong>
        </>
      ) : (
        <>
          Fetched for{' '}
          <strong className="font-medium tabular-nums text-slate-800">{formatUsd(receipt.costUsd)}</strong>
        </>
      )}
      <span> · {when}</span>
    </p>
  )
}
