import { useEffect, useId, type ReactNode, type Ref } from 'react'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { videoMetaOf } from '#lib/collections/video-meta.ts'
import { Link } from 'react-router'
import type { PopularVideo } from '#contract/index.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { rememberVideos } from '#lib/video-summaries.ts'
import { LinkifiedText } from '#components/ui/linkified-text.tsx'
import { formatCount, formatDate, formatRelative } from '#lib/format.ts'
import { bestThumbnail, thumbnailSrcSet } from '#lib/thumbnail-choice.ts'
import { topicLabel } from '#lib/topic-labels.ts'
import { safeHttpUrl } from '#lib/linkify.ts'
import { cn } from '#lib/cn.ts'
import type { PopularRow } from '../lib/popular-rows.ts'
import { CountStat, DurationStat } from './video-stats.tsx'
import { VideoBadges, licenseLabel } from './video-badges.tsx'
import { channelsPath } from '#lib/urls/channels.ts'
import { videoPath } from '#lib/urls/videos.ts'

const CARD_THUMB_WIDTH = 160
const TAGS_COLLAPSED = 8

export type PopularItemProps = {
  row: PopularRow
  expanded: boolean
  onToggle: (id: string) => void
  /** Position in the list as shown (after filters), for assistive technology. */
  position: number
  setSize: number
  ref?: Ref<HTMLElement>
  index: number
  start: number
}

const yesNo = (b: boolean | undefined): string => (b === undefined ? 'not given' : b ? 'yes' : 'no')

function Details({ video }: { video: PopularVideo }) {
  const rows: [string, ReactNode][] = [
    ['Video id', <code key="id">{video.id}</code>],
    ['Channel id', <code key="ch">{video.channelId}</code>],
    [
      'Published',
      <time key="p" dateTime={video.publishedAt}>
        {video.publishedAt}
      </time>,
    ],
    ['Duration (ISO 8601)', video.duration ?? 'not given'],
    ['Category', video.categoryId ? `${video.categoryTitle ?? ''} (id ${video.categoryId})` : 'not given'],
    ['Views (exact)', formatCount(video.viewCount)?.exact ?? 'not shown'],
    ['Likes (exact)', formatCount(video.likeCount)?.exact ?? 'not shown'],
    ['Comments (exact)', formatCount(video.commentCount)?.exact ?? 'not shown'],
    ['Licence', licenseLabel(video.license) ?? 'not given'],
    ['Privacy', video.privacyStatus ?? 'not given'],
    ['Upload status', video.uploadStatus ?? 'not given'],
    ['Embeddable', yesNo(video.embeddable)],
    ['Public stats viewable', yesNo(video.publicStatsViewable)],
    ['Made for kids', yesNo(video.madeForKids)],
    ['Paid product placement', yesNo(video.hasPaidProductPlacement)],
  ]
  return (
    <div className="mt-3 space-y-2">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      {(video.topicCategories?.length ?? 0) > 0 && (
        <div className="text-sm">
          <span className="text-slate-600">Topics: </span>
          <ul className="inline">
            {video.topicCategories!.map((uri) => {
              const href = safeHttpUrl(uri)
              return (
                <li key={uri} className="mr-2 inline">
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-sky-800 underline"
                    >
                      {topicLabel(uri)}
                    </a>
                  ) : (
                    topicLabel(uri)
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </div>
  )
}

/** One video of the feed: rank, thumbnail, title (to its captions), channel, numbers, flags, tags, description. */
export function PopularItem({
  row,
  expanded,
  onToggle,
  position,
  setSize,
  ref,
  index,
  start,
}: PopularItemProps) {
  const { video, rank } = row
  const titleId = useId()
  const descId = useId()
  const thumb = bestThumbnail(video.thumbnails, CARD_THUMB_WIDTH)
  const srcSet = thumbnailSrcSet(video.thumbnails)
  const tags = video.tags ?? []
  const shownTags = expanded ? tags : tags.slice(0, TAGS_COLLAPSED)
  const videoUrl = videoPath(video.id)
  const foundBy = useFoundBy('popular', 'Popular videos')
  const captionsPrice = useOpeningPrice({ kind: 'video', videoId: video.id })
  const channelPrice = useOpeningPrice({ kind: 'channel', ref: { by: 'id', id: video.channelId } })
  // The video page shows the title and channel it was listed with (it cannot get them without paying).
  useEffect(() => {
    rememberVideos([
      {
        videoId: video.id,
        title: video.title,
        channelId: video.channelId,
        channelTitle: video.channelTitle,
        publishedAt: video.publishedAt,
        seenIn: 'the popular videos',
      },
    ])
  }, [video])
  return (
    <article
      ref={ref}
      data-index={index}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={setSize}
      className="absolute left-0 top-0 w-full border-b border-slate-200 bg-white px-3 py-4"
      style={{ transform: `translateY(${start}px)` }}
    >
      <div className="flex gap-3 sm:gap-4">
        <p className="w-10 shrink-0 pt-1 text-right text-lg font-semibold tabular-nums text-slate-700">
          <span className="sr-only">Rank </span>
          {rank}
        </p>
        <Link to={videoUrl} tabIndex={-1} aria-hidden="true" className="hidden shrink-0 sm:block">
          {thumb ? (
            <img
              src={thumb.url}
              srcSet={srcSet}
              sizes={`${CARD_THUMB_WIDTH}px`}
              alt=""
              width={CARD_THUMB_WIDTH}
              height={90}
              loading="lazy"
              decoding="async"
              className="aspect-video w-40 rounded bg-slate-200 object-cover"
            />
          ) : (
            <div className="aspect-video w-40 rounded bg-slate-200" />
          )}
        </Link>
        <div className="min-w-0 flex-1 space-y-1.5">
          <h2 id={titleId} className="font-semibold leading-snug">
            <PricedLink
              to={videoUrl}
              className="text-sky-900 hover:underline"
              price={captionsPrice}
              priceClassName="font-normal text-slate-600"
            >
              {video.title}
            </PricedLink>
          </h2>
          <p className="flex flex-wrap gap-x-2 text-sm text-slate-700">
            <PricedLink
              to={channelsPath({ by: 'id', id: video.channelId })}
              className="font-medium text-sky-800 hover:underline"
              price={channelPrice}
              priceClassName="font-normal text-slate-600"
            >
              {video.channelTitle || video.channelId}
            </PricedLink>
            <span aria-hidden="true">·</span>
            <time dateTime={video.publishedAt} title={formatRelative(video.publishedAt)}>
              {formatDate(video.publishedAt)}
            </time>
            {video.categoryTitle && (
              <>
                <span aria-hidden="true">·</span>
                <span>{video.categoryTitle}</span>
              </>
            )}
          </p>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-800">
            <DurationStat seconds={row.durationSec} iso={video.duration} />
            <CountStat value={video.viewCount} one="view" other="views" />
            <CountStat value={video.likeCount} one="like" other="likes" hiddenText="likes hidden" />
            <CountStat
              value={video.commentCount}
              one="comment"
              other="comments"
              hiddenText="comments off or hidden"
            />
          </p>
          <VideoBadges video={video} />
          {tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-1 text-xs">
              {shownTags.map((t) => (
                <li key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                  #{t}
                </li>
              ))}
              {!expanded && tags.length > TAGS_COLLAPSED && (
                <li className="px-1 text-slate-500">+{tags.length - TAGS_COLLAPSED} more</li>
              )}
            </ul>
          )}
          {video.description && (
            <LinkifiedText
              id={descId}
              text={video.description}
              className={cn('text-sm text-slate-800', !expanded && 'line-clamp-2')}
            />
          )}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={video.description ? descId : undefined}
            onClick={() => onToggle(video.id)}
            className="text-sm font-medium text-sky-800 hover:underline"
          >
            {expanded ? 'Show less' : 'Show full description and details'}
            <span className="sr-only"> of {video.title}</span>
          </button>
          {expanded && <Details video={video} />}
          <AddToCollectionButton
            videos={[videoMetaOf({ ...video, videoId: video.id })]}
            foundBy={foundBy}
            label="Add to collection"
            accessibleName={`Add “${video.title}” to a collection`}
          />
        </div>
      </div>
    </article>
  )
}
