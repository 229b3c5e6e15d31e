/** The function's line that nothing is collected yet, with what the collect button above would cost. */
import { useQuery } from '@tanstack/react-query'
import { formatUsd } from '#contract/prices.ts'
import { collectionQueries } from '#lib/collections/collections-api.ts'

export function NothingCollectedNote({ collectionId, note }: { collectionId: string; note: string }) {
  const price = useQuery(collectionQueries.price(collectionId)).data
  return (
    <p role="status" className="text-slate-700" data-testid="nothing-collected">
      {note}
      {price && price.tracks > 0
        ? ` Collecting ${price.tracks} track${price.tracks === 1 ? '' : 's'} costs ${formatUsd(price.priceUsd)} (the Collect button above).`
        : ''}
    </p>
  )
}
