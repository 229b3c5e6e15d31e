import { formatUsd, priceOf } from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { formatDate, formatRelative } from '#lib/format.ts'
import { STALE_TIME_MS } from '#lib/stale-times.ts'
import { useQuotedPrice } from '#lib/pricing/use-quoted-price.ts'
import { popularPageUrl, type PopularFeed } from '../api/queries.ts'

export type FeedFreshnessProps = {
  firstFetchedAt: string | undefined
  restarting: boolean
  onRestart: () => void
  now?: number
  feed?: PopularFeed
}

/**
 * The loaded feed is never refetched by itself (every loaded page would be paid again, docs/decisions/0050):
 * say how old it is, warn once the list has likely moved, and offer to start again from page 1 for one page's price.
 */
export function FeedFreshness({
  firstFetchedAt,
  restarting,
  onRestart,
  now = Date.now(),
  feed,
}: FeedFreshnessProps) {
  const price = priceOf('GET /popularVideos')
  const quote = useQuotedPrice(popularPageUrl(undefined, feed), price)
  if (!firstFetchedAt) return null
  const old = now - Date.parse(firstFetchedAt) > STALE_TIME_MS.popular
  return (
    <div
      role={old ? 'status' : undefined}
      className={
        old
          ? 'flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900'
          : 'flex flex-wrap items-center gap-3 text-sm text-slate-700'
      }
    >
      <p>
        First page loaded{' '}
        <time dateTime={firstFetchedAt} title={formatDate(firstFetchedAt)}>
          {formatRelative(firstFetchedAt, now)}
        </time>
        .
        {old &&
          ` The popular list changes within ${STALE_TIME_MS.popular / 60_000} minutes: this one may be out of date.`}
      </p>
      <PricedButton
        size="sm"
        label={restarting ? 'Starting again…' : 'Start again from page 1'}
        priceUsd={quote.priceUsd || price}
        cached={quote.cached}
        disabled={restarting}
        onClick={onRestart}
        title={`Drops the loaded pages and fetches the first page again (${formatUsd(price)} unless cached).`}
      />
    </div>
  )
}
