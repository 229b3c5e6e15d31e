import { useEffect } from 'react'
import type { FoundByInput } from '#contract/collections.ts'
import type { SearchItem } from '#contract/index.ts'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { videoMetaOf } from '#lib/collections/video-meta.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { rememberVideos } from '#lib/video-summaries.ts'
import { formatDate, formatRelative } from '#lib/format.ts'
import { decodeHtmlEntities } from '#lib/html-entities.ts'
import { bestThumbnail, thumbnailSrcSet } from '#lib/thumbnail-choice.ts'
import { channelsPath } from '#lib/urls/channels.ts'
import { videoPath } from '#lib/urls/videos.ts'

/** The platform's search snippets may arrive HTML-escaped (`&#39;`); React then renders the text safely. */
function plain(s: string): string {
  return decodeHtmlEntities(s)
}

export type ResultCardProps = {
  item: SearchItem
  now: number
  foundBy: FoundByInput
  /** An area sweep's circles that found it: kept with the video when it is added to a collection. */
  circles?: string[]
}

export function ResultCard({ item, now, foundBy, circles }: ResultCardProps) {
  const title = plain(item.title)
  const thumb = bestThumbnail(item.thumbnails, 160)
  const captionsPrice = useOpeningPrice({ kind: 'video', videoId: item.videoId })
  const channelPrice = useOpeningPrice({ kind: 'channel', ref: { by: 'id', id: item.channelId } })
  // The video page shows the title and channel it was listed with (it cannot get them without paying).
  useEffect(() => {
    rememberVideos([
      {
        videoId: item.videoId,
        title: item.title,
        channelId: item.channelId,
        channelTitle: item.channelTitle,
        publishedAt: item.publishedAt,
        seenIn: 'a location search',
      },
    ])
  }, [item])
  return (
    <article className="flex gap-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      {thumb ? (
        <img
          src={thumb.url}
          srcSet={thumbnailSrcSet(item.thumbnails)}
          sizes="160px"
          alt={`Thumbnail of “${title}”`}
          loading="lazy"
          width={160}
          height={90}
          className="h-[90px] w-[160px] shrink-0 rounded bg-slate-200 object-cover"
        />
      ) : (
        <div className="h-[90px] w-[160px] shrink-0 rounded bg-slate-200" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold leading-snug">
          <PricedLink
            to={videoPath(item.videoId)}
            className="text-sky-800 hover:underline"
            price={captionsPrice}
            priceClassName="text-slate-600"
          >
            {title}
          </PricedLink>
        </h3>
        <p className="mt-0.5 text-sm">
          <PricedLink
            to={channelsPath({ by: 'id', id: item.channelId })}
            className="text-slate-800 underline decoration-slate-400 underline-offset-2 hover:decoration-slate-800"
            price={channelPrice}
            priceClassName="text-slate-600"
          >
            {plain(item.channelTitle)}
          </PricedLink>
          <span className="text-slate-500"> · </span>
          <time dateTime={item.publishedAt} className="text-slate-600">
            {formatDate(item.publishedAt)}
          </time>
          <span className="text-slate-500"> ({formatRelative(item.publishedAt, now)})</span>
        </p>
        {item.description && (
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">
            {plain(item.description)}
          </p>
        )}
        <div className="mt-2">
          <AddToCollectionButton
            videos={[circles ? { ...videoMetaOf(item), circles } : videoMetaOf(item)]}
            foundBy={foundBy}
            label="Add to collection"
            accessibleName={`Add “${title}” to a collection`}
          />
        </div>
      </div>
    </article>
  )
}
