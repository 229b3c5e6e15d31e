import { useCallback, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { priceOf, type HlCode } from '#contract/index.ts'
import { ChannelsView } from '#features/channels/channels-view.tsx'
import { CHANNELS_PATH, channelQueries, compareParams } from '#features/channels/api/queries.ts'
import { apiUrl } from '#lib/api-client.ts'
import type { Opening } from '#lib/pricing/opening-requests.ts'
import { pageTitle } from '#lib/page-title.ts'
import { type ChannelView, parseChannelRoute } from '#lib/urls/channels.ts'
import { OpeningPriceGate } from '../opening-price-gate.tsx'

function describe(view: ChannelView): string | undefined {
  if (view.kind === 'one')
    return view.ref.by === 'id' ? view.ref.id : view.ref.by === 'handle' ? view.ref.handle : view.ref.username
  if (view.kind === 'compare') return `${view.ids.length} compared`
  return undefined
}

export function Component() {
  const { channelRef, username } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const route = useMemo(
    () => parseChannelRoute({ channelRef, username }, searchParams),
    [channelRef, username, searchParams],
  )
  const onHlChange = useCallback(
    (hl: HlCode | undefined) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev)
        if (hl) next.set('hl', hl)
        else next.delete('hl')
        return next
      }),
    [setSearchParams],
  )
  const { view, hl } = route
  const title = <title>{pageTitle('Channels', describe(view))}</title>
  const content = <ChannelsView route={route} onHlChange={onHlChange} />
  if (view.kind !== 'one' && view.kind !== 'compare')
    return (
      <>
        {title}
        {content}
      </>
    )
  const opening: Opening =
    view.kind === 'one'
      ? { kind: 'channel', ref: view.ref, hl }
      : {
          kind: 'request',
          path: apiUrl(CHANNELS_PATH, compareParams(view.ids, hl)),
          listPriceUsd: priceOf('GET /channels'),
        }
  const query = view.kind === 'one' ? channelQueries.one(view.ref, hl) : channelQueries.compare(view.ids, hl)
  return (
    <>
      {title}
      <OpeningPriceGate
        key={JSON.stringify(view)}
        opening={opening}
        label={view.kind === 'one' ? 'Open the channel' : 'Compare the channels'}
        pays={view.kind === 'one' ? 'the channel’s details' : `the details of ${view.ids.length} channels`}
        alreadyLoaded={queryClient.getQueryData(query.queryKey) !== undefined}
      >
        {content}
      </OpeningPriceGate>
    </>
  )
}
