import { formatUsd } from '#contract/index.ts'
import { ApiError } from '#lib/api-client.ts'
import type { Receipt } from '#lib/paid-fetch.ts'

/** The parts of a query this needs: its answer's receipt, or its failure, and whether this visit asked for it. */
type Opened = {
  data?: { receipt: Receipt }
  error: unknown
  isPending: boolean
  isFetchedAfterMount: boolean
}

function costText({ data, error, isPending, isFetchedAfterMount }: Opened): string {
  if (data) {
    const cost = data.receipt
    // An answer the browser already held (an earlier visit, or restored from storage) cost this visit nothing.
    const free = !isFetchedAfterMount || cost.cache === 'HIT' || cost.costUsd === 0
    return free ? 'cached · free' : formatUsd(cost.costUsd)
  }
  if (error) {
    const charged = error instanceof ApiError ? error.costUsd : 0
    return charged > 0 ? `failed, charged ${formatUsd(charged)}` : 'failed, not charged'
  }
  return isPending ? 'loading…' : 'not asked'
}

/** What opening this video cost this time: the file list and the track, each as paid now (a failure too), or free. */
export function OpeningCosts({ files, track }: { files: Opened; track: Opened }) {
  return (
    <p className="text-sm text-slate-700" data-testid="opening-costs">
      Opening this video: file list <strong data-testid="cost-files">{costText(files)}</strong>, captions{' '}
      <strong data-testid="cost-track">{costText(track)}</strong>
    </p>
  )
}
