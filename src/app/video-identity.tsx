import { Link } from 'react-router'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { formatDate } from '#lib/format.ts'
import { decodeHtmlEntities } from '#lib/html-entities.ts'
import { channelsPath } from '#lib/urls/channels.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import type { VideoSummary } from '#lib/video-summaries.ts'

function ChannelLink({ channelId, title }: { channelId: string; title: string }) {
  const price = useOpeningPrice({ kind: 'channel', ref: { by: 'id', id: channelId } })
  return (
    <PricedLink
      className="text-sky-800 underline"
      to={channelsPath({ by: 'id', id: channelId })}
      price={price}
    >
      {title}
    </PricedLink>
  )
}

function PopularLink() {
  const price = useOpeningPrice({ kind: 'popular' })
  return (
    <PricedLink className="text-sky-800 underline" to={ROUTES.popular} price={price}>
      popular videos
    </PricedLink>
  )
}

/** Which video this is, from what a list showed of it; when no list has, how to find out. */
export function VideoIdentity({ videoId, summary }: { videoId: string; summary: VideoSummary | undefined }) {
  if (!summary)
    return (
      <p className="text-sm text-slate-700" data-testid="video-identity">
        The title, channel and date of <span className="font-mono">{videoId}</span> are not known here: they
        come with the lists that show videos. Find it through a{' '}
        <Link className="text-sky-800 underline" to={ROUTES.search}>
          location search
        </Link>{' '}
        or the <PopularLink /> and open it from there, or watch it on the platform.
      </p>
    )
  const channelTitle = summary.channelTitle ? decodeHtmlEntities(summary.channelTitle) : undefined
  return (
    <div data-testid="video-identity" className="space-y-0.5">
      <p className="text-lg font-semibold leading-snug">{decodeHtmlEntities(summary.title)}</p>
      <p className="text-sm text-slate-700">
        {channelTitle &&
          (summary.channelId ? (
            <ChannelLink channelId={summary.channelId} title={channelTitle} />
          ) : (
            channelTitle
          ))}
        {summary.publishedAt && (
          <>
            {channelTitle && ' · '}published{' '}
            <time dateTime={summary.publishedAt}>{formatDate(summary.publishedAt)}</time>
          </>
        )}
        {summary.seenIn && <span className="text-slate-500"> (as listed in {summary.seenIn})</span>}
      </p>
    </div>
  )
}
