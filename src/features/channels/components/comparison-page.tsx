import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { RTL_LANGUAGES, priceOf, type Channel, type HlCode } from '#contract/index.ts'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { ExportMenu } from '#components/export-menu.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { channelsPath } from '#lib/urls/channels.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { formatCount, formatDate } from '#lib/format.ts'
import { bestThumbnail } from '#lib/thumbnail-choice.ts'
import { topicLabel } from '#lib/topic-labels.ts'
import { COMPARE_FIELDS, channelQueries, compareParams } from '../api/queries.ts'
import { channelFileName, channelProvenance, columnsFor } from '../lib/channel-export.ts'
import { countryName } from '../lib/hl-options.ts'
import { FetchReceipt } from './fetch-receipt.tsx'

function Count({ value, hidden }: { value: string | undefined; hidden?: boolean }) {
  if (hidden) return <span>hidden</span>
  const c = formatCount(value)
  return c ? <span title={c.exact}>{c.compact}</span> : <span className="text-slate-500">—</span>
}

function viewsPerVideo(c: Channel): string | undefined {
  const views = Number(c.viewCount)
  const videos = Number(c.videoCount)
  return c.viewCount && c.videoCount && videos > 0 && Number.isFinite(views)
    ? String(Math.round(views / videos))
    : undefined
}

const ROWS: [string, (c: Channel) => ReactNode][] = [
  ['Handle', (c) => c.customUrl ?? '—'],
  ['Country', (c) => (c.country ? `${countryName(c.country)} (${c.country})` : '—')],
  [
    'Joined',
    (c) => (c.publishedAt ? <time dateTime={c.publishedAt}>{formatDate(c.publishedAt)}</time> : '—'),
  ],
  ['Subscribers', (c) => <Count value={c.subscriberCount} hidden={c.hiddenSubscriberCount === true} />],
  ['Views', (c) => <Count value={c.viewCount} />],
  ['Videos', (c) => <Count value={c.videoCount} />],
  ['Views per video', (c) => <Count value={viewsPerVideo(c)} />],
  ['Made for kids', (c) => (c.madeForKids === undefined ? '—' : c.madeForKids ? 'Yes' : 'No')],
  ['Privacy', (c) => c.privacyStatus ?? '—'],
  ['Topics', (c) => (c.topicCategories ?? []).map(topicLabel).join(', ') || '—'],
]

export type ComparisonPageProps = { ids: readonly string[]; hl: HlCode | undefined }

/** Several channels side by side, one request with only the compared fields (`fields=`). */
/** One compared channel's own page, with what opening it costs. */
function ChannelLink({
  id,
  hl,
  dir,
  children,
}: {
  id: string
  hl: HlCode | undefined
  dir: 'rtl' | 'auto'
  children: ReactNode
}) {
  const price = useOpeningPrice({ kind: 'channel', ref: { by: 'id', id }, hl })
  return (
    <PricedLink
      to={channelsPath({ by: 'id', id }, hl)}
      lang={hl}
      dir={dir}
      className="text-sky-800 underline"
      price={price}
      priceClassName="font-normal text-slate-600"
    >
      {children}
    </PricedLink>
  )
}

export function ComparisonPage({ ids, hl }: ComparisonPageProps) {
  const query = useQuery(channelQueries.compare(ids, hl))
  const dir = hl && RTL_LANGUAGES.has(hl) ? 'rtl' : 'auto'

  if (query.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading {ids.length} channels…
      </p>
    )
  }
  if (query.isError) {
    return (
      <ErrorPanel
        title="The channels could not be loaded"
        message={errorMessage(query.error)}
        error={query.error}
        onRetry={() => void query.refetch()}
        retryPriceUsd={priceOf('GET /channels')}
        retrying={query.isFetching}
      />
    )
  }
  const { receipt, data } = query.data
  const byId = new Map(data.map((c) => [c.id, c]))
  const found = ids.map((id) => byId.get(id)).filter((c): c is Channel => !!c)
  const missing = ids.filter((id) => !byId.has(id))

  function onExport(format: ExportFormat) {
    const sent = compareParams(ids, hl)
    return exportData(format, {
      items: found,
      columns: columnsFor(COMPARE_FIELDS),
      provenance: channelProvenance({
        title: `Comparison of ${found.length} channels`,
        query: sent,
        receipt,
        itemCount: found.length,
        viewUrl: window.location.href,
      }),
      basename: channelFileName('channels-comparison', String(found.length), sent),
    })
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Comparing {found.length} channels</h1>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FetchReceipt receipt={receipt} />
        <ExportMenu onExport={onExport} disabled={found.length === 0} count={found.length} noun="channels" />
      </div>
      {missing.length > 0 && (
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Not found ({missing.length}):{' '}
          {missing.map((id) => (
            <code key={id} className="mr-2">
              {id}
            </code>
          ))}
        </div>
      )}
      {found.length > 0 && (
        <div
          role="region"
          aria-label="Comparison table"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        >
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Channels side by side: one column per channel</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <td className="p-3" />
                {found.map((c) => {
                  const avatar = bestThumbnail(c.thumbnails, 40)
                  return (
                    <th key={c.id} scope="col" className="min-w-[10rem] p-3 align-bottom font-semibold">
                      {avatar && (
                        <img
                          src={avatar.url}
                          alt=""
                          width={40}
                          height={40}
                          className="mb-1 h-10 w-10 rounded-full bg-slate-200"
                        />
                      )}
                      <ChannelLink id={c.id} hl={hl} dir={dir}>
                        {c.title ?? c.id}
                      </ChannelLink>
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([label, cell]) => (
                <tr key={label} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="whitespace-nowrap p-3 font-medium text-slate-600">
                    {label}
                  </th>
                  {found.map((c) => (
                    <td key={c.id} className="p-3 tabular-nums">
                      {cell(c)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
