import { useQuery } from '@tanstack/react-query'
import { priceOf, type HlCode } from '#contract/index.ts'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { ExportMenu } from '#components/export-menu.tsx'
import { errorMessage, ApiError } from '#lib/api-client.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { channelQueries, refParams } from '../api/queries.ts'
import { describeRef, type ChannelRef } from '#lib/channel-lookup.ts'
import { CHANNEL_COLUMNS, channelFileName, channelProvenance } from '../lib/channel-export.ts'
import { ChannelProfile } from './channel-profile.tsx'
import { ChannelNotFound } from './channel-not-found.tsx'
import { FetchReceipt } from './fetch-receipt.tsx'

export type ChannelPageProps = { channelRef: ChannelRef; hl: HlCode | undefined }

/** One channel: fetched as soon as the page opens (the reader asked for it by opening it), cost shown after. */
export function ChannelPage({ channelRef, hl }: ChannelPageProps) {
  const query = useQuery(channelQueries.one(channelRef, hl))

  if (query.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading the channel for {describeRef(channelRef)}…
      </p>
    )
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <ChannelNotFound channelRef={channelRef} hl={hl} />
    return (
      <ErrorPanel
        title="The channel could not be loaded"
        message={errorMessage(query.error)}
        error={query.error}
        onRetry={() => void query.refetch()}
        retryPriceUsd={priceOf('GET /channels')}
        retrying={query.isFetching}
      />
    )
  }
  const { receipt, data } = query.data
  const channel = data[0]
  if (!channel) return <ChannelNotFound channelRef={channelRef} hl={hl} receipt={receipt} />

  function onExport(format: ExportFormat) {
    const sent = { ...refParams(channelRef), hl }
    return exportData(format, {
      items: [channel!],
      columns: CHANNEL_COLUMNS,
      provenance: channelProvenance({
        title: `Channel ${channel!.title ?? channel!.id}`,
        query: sent,
        receipt,
        itemCount: 1,
        viewUrl: window.location.href,
      }),
      basename: channelFileName('channel', channel!.customUrl ?? channel!.id, sent),
    })
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FetchReceipt receipt={receipt} />
        <ExportMenu onExport={onExport} count={1} noun="channel" />
      </div>
      <ChannelProfile channel={channel} hl={hl} />
    </div>
  )
}
