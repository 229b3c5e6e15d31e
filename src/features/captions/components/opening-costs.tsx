import { formatUsd } from '#contract/index.ts'
import type { Receipt } from '#lib/paid-fetch.ts'

function costText(cost: Receipt | undefined): string {
  if (!cost) return 'loading…'
  return cost.cache === 'HIT' || cost.costUsd === 0 ? 'cached · free' : formatUsd(cost.costUsd)
}

/** What opening this video cost: the file list and the track, each as the function reported it. */
export function OpeningCosts({ files, track }: { files: Receipt | undefined; track: Receipt | undefined }) {
  return (
    <p className="text-sm text-slate-700" data-testid="opening-costs">
      Opening this video: file list <strong data-testid="cost-files">{costText(files)}</strong>, captions{' '}
      <strong data-testid="cost-track">{costText(track)}</strong>
    </p>
  )
}
