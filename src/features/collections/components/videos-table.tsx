/** The collection's videos, virtualised (10,000 rows render as the few on screen): title, channel, date, track state and why it failed. */
import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Link } from 'react-router'
import type { CollectionVideo } from '#contract/collections.ts'
import { videoPath } from '#lib/urls/videos.ts'

const ROW_HEIGHT = 52
const COLUMNS = 'grid grid-cols-[minmax(0,3fr)_minmax(0,1.5fr)_7rem_minmax(0,2fr)] gap-2'

/** A failure's first sentence fits a fixed-height row; the whole message is the cell's title. */
const firstSentence = (message: string) => /^.*?[.!?](?=\s|$)/.exec(message)?.[0] ?? message

function trackText(track: CollectionVideo['track']): string {
  if (track.failure) return `${track.state}: ${firstSentence(track.failure.message)}`
  const details = [track.lang, track.cueCount !== null ? `${track.cueCount} cues` : undefined].filter(Boolean)
  return [track.state, ...details].join(' · ')
}

type Props = {
  videos: readonly CollectionVideo[]
  /** Where a video's title leads; its captions in the studio by default. */
  linkOf?: (video: CollectionVideo) => string
}

const studioLink = (v: CollectionVideo) => videoPath(v.videoId)

export function VideosTable({ videos, linkOf = studioLink }: Props) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: videos.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  })
  if (videos.length === 0) return <p>No videos yet: add some from a list view or paste links below.</p>
  return (
    <div
      role="table"
      aria-label="Videos in this collection"
      aria-rowcount={videos.length + 1}
      className="text-sm"
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={`${COLUMNS} border-b font-semibold`}>
          <span role="columnheader">Title</span>
          <span role="columnheader">Channel</span>
          <span role="columnheader">Published</span>
          <span role="columnheader">Track</span>
        </div>
      </div>
      <div
        ref={scroller}
        role="rowgroup"
        tabIndex={0}
        aria-label="Videos, scrollable"
        className="h-96 overflow-auto"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const v = videos[item.index]!
            return (
              <div
                key={v.videoId}
                role="row"
                aria-rowindex={item.index + 2}
                className={`${COLUMNS} absolute left-0 w-full items-center border-b border-slate-100`}
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <span role="cell" className="truncate">
                  <Link className="text-sky-800 underline" to={linkOf(v)}>
                    {v.title ?? v.videoId}
                  </Link>
                  {v.title === null && <span className="text-slate-600"> · title not known yet</span>}
                </span>
                <span role="cell" className="truncate">
                  {v.channelTitle ?? '—'}
                </span>
                <span role="cell">{v.publishedAt?.slice(0, 10) ?? '—'}</span>
                <span
                  role="cell"
                  title={v.track.failure?.message}
                  className={v.track.failure ? 'line-clamp-2 text-red-800' : undefined}
                >
                  {trackText(v.track)}
                </span>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
