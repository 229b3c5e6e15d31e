/** The function's line that nothing is collected yet, with what the collect button above would cost. */
import { useQuery } from '@tanstack/react-query'
import type { CollectPrice } from '#contract/collections.ts'
import { formatUsd } from '#contract/prices.ts'
import { collectionQueries } from '#lib/collections/collections-api.ts'

/** What collecting would cost now, cached tracks counted as free in the same words as the button. */
function collectingCosts({ tracks, cached, toBuy, priceUsd }: CollectPrice): string {
  const what = `Collecting ${tracks} track${tracks === 1 ? '' : 's'}`
  if (toBuy === 0) return `${what} is free: ${tracks === 1 ? 'it is' : 'they are'} already cached`
  return `${what} costs ${formatUsd(priceUsd)}${cached > 0 ? ` (${cached} cached free)` : ''}`
}

export function NothingCollectedNote({ collectionId, note }: { collectionId: string; note: string }) {
  const price = useQuery(collectionQueries.price(collectionId)).data
  return (
    <p role="status" className="text-slate-700" data-testid="nothing-collected">
      {note}
      {price && price.tracks > 0 ? ` ${collectingCosts(price)} (the Collect button above).` : ''}
    </p>
  )
}
