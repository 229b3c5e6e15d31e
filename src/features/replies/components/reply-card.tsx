import { memo, useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { CommentReply } from '#contract/index.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { cn } from '#lib/cn.ts'
import { formatCount, formatDate, formatRelative } from '#lib/format.ts'
import type { ReplyFormat } from '../lib/reply-search.ts'
import { HighlightedText } from './highlighted-text.tsx'
import { ReplyCodingControls } from './reply-coding.tsx'
import { ReplyText } from './reply-text.tsx'
import { channelsPath } from '#lib/urls/channels.ts'

export type ReplyCardProps = {
  reply: CommentReply
  format: ReplyFormat
  pattern: RegExp | undefined
  /** The URL (search part) that highlights this reply: its permalink in the dashboard. */
  permalink: string
  highlighted: boolean
  /** Shown only as context for a search match below it. */
  context?: boolean
  /** In the flat view: whom it answers, with a link that highlights that reply. */
  inReplyToAuthor?: string
  inReplyToPermalink?: string
}

/** The author's channel, with what opening it costs. */
function AuthorLink({ channelId, children }: { channelId: string; children: ReactNode }) {
  const price = useOpeningPrice({ kind: 'channel', ref: { by: 'id', id: channelId } })
  return (
    <PricedLink
      to={channelsPath({ by: 'id', id: channelId })}
      className="text-slate-900 hover:underline"
      price={price}
      priceClassName="font-normal text-slate-600"
    >
      {children}
    </PricedLink>
  )
}

/** One reply; memoised because a thread can hold thousands and most do not change between renders. */
export const ReplyCard = memo(function ReplyCard({
  reply,
  format,
  pattern,
  permalink,
  highlighted,
  context,
  inReplyToAuthor,
  inReplyToPermalink,
}: ReplyCardProps) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center' })
  }, [highlighted])
  const channelId = reply.authorChannelId?.value
  const edited = reply.updatedAt !== reply.publishedAt
  const likes = formatCount(reply.likeCount)
  const headingId = `reply-${reply.id}-author`
  return (
    <article
      ref={ref}
      id={`reply-${reply.id}`}
      aria-labelledby={headingId}
      aria-current={highlighted ? 'true' : undefined}
      data-reply-id={reply.id}
      data-likes={reply.likeCount}
      data-published={reply.publishedAt}
      className={cn(
        'flex gap-3 rounded-md p-2',
        highlighted && 'bg-amber-50 ring-2 ring-amber-400',
        context && 'opacity-70',
      )}
    >
      {reply.authorProfileImageUrl ? (
        <img
          src={reply.authorProfileImageUrl}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="h-8 w-8 shrink-0 rounded-full bg-slate-200"
        />
      ) : (
        <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded-full bg-slate-200" />
      )}
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <h3 id={headingId} className="font-semibold">
            {channelId ? (
              <AuthorLink channelId={channelId}>
                <HighlightedText text={reply.authorDisplayName} pattern={pattern} />
              </AuthorLink>
            ) : (
              <HighlightedText text={reply.authorDisplayName} pattern={pattern} />
            )}
          </h3>
          <Link
            to={permalink}
            className="text-slate-600 hover:underline"
            title={`${formatDate(reply.publishedAt)} · link to this reply`}
          >
            <time dateTime={reply.publishedAt}>{formatRelative(reply.publishedAt)}</time>
            <span className="sr-only">, link to this reply</span>
          </Link>
          {edited && (
            <span className="text-slate-600" title={formatDate(reply.updatedAt)}>
              (edited <time dateTime={reply.updatedAt}>{formatRelative(reply.updatedAt)}</time>)
            </span>
          )}
          <span className="text-slate-600" title={`${likes?.exact ?? reply.likeCount} likes`}>
            {likes?.compact ?? reply.likeCount} {reply.likeCount === 1 ? 'like' : 'likes'}
          </span>
          {context && <span className="text-xs text-slate-500">(context)</span>}
        </header>
        {inReplyToAuthor && inReplyToPermalink && (
          <p className="text-xs text-slate-600">
            ↳ in reply to{' '}
            <Link to={inReplyToPermalink} className="hover:underline">
              {inReplyToAuthor}
            </Link>
          </p>
        )}
        <div className="mt-1 text-sm text-slate-900">
          <ReplyText
            textDisplay={reply.textDisplay}
            textOriginal={reply.textOriginal}
            format={format}
            pattern={pattern}
          />
        </div>
        <ReplyCodingControls reply={reply} />
      </div>
    </article>
  )
})
