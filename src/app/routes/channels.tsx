import { useCallback, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'
import type { HlCode } from '#contract/index.ts'
import { ChannelsView } from '#features/channels/channels-view.tsx'
import { parseChannelRoute } from '#lib/paths-parse/channels.ts'

export function Component() {
  const { channelRef, username } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
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
  return <ChannelsView route={route} onHlChange={onHlChange} />
}
