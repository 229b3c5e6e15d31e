import { formatUsd } from '#contract/index.ts'
import { ApiError } from '#lib/api-client.ts'
import type { Receipt } from '#lib/paid-fetch.ts'

/** The parts of a query this needs: its answer's receipt, or its failure. */
type Opened = { data?: { receipt: Receipt }; error: unknown; isPending: boolean }

function costText({ data, error, isPending }: Opened): string {
  if (data) {
    const cost = data.receipt
    return cost.cache === 'HIT' || cost.costUsd === 0 ? 'cached · free' : formatUsd(cost.costUsd)
  }
  if (error) {
    const charged = error instanceof ApiError ? error.costUsd : 0
    return charged > 0 ? `failed, charged ${formatUsd(charged)}` : 'failed, not charged'
  }
  return isPending ? 'loading…' : 'not asked'
}

/** What opening this video cost: the file list and the track, each as the function reported it (a failure too). */
export function OpeningCosts({ files, track }: { files: Opened; track: Opened }) {
  return (
    <p className="text-sm text-slate-700" data-testid="opening-costs">
      Opening this video: file list <strong data-testid="cost-files">{costText(files)}</strong>, captions{' '}
      <strong data-testid="cost-track">{costText(track)}</strong>
    </p>
  )
}
