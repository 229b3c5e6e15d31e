import type { CommentReply } from '#contract/index.ts'
import type { ReplyFormat } from '../lib/reply-search.ts'
import type { ThreadLink } from '../lib/thread-inference.ts'
import { ReplyCard } from './reply-card.tsx'

export type ReplyFlatListProps = {
  replies: readonly CommentReply[]
  links: ReadonlyMap<string, ThreadLink>
  byId: ReadonlyMap<string, CommentReply>
  format: ReplyFormat
  pattern: RegExp | undefined
  highlightedId: string | undefined
  permalinkOf: (replyId: string) => string
}

/** One reply after another in the chosen order; each says whom it answers. */
export function ReplyFlatList({
  replies,
  links,
  byId,
  format,
  pattern,
  highlightedId,
  permalinkOf,
}: ReplyFlatListProps) {
  return (
    <ol className="space-y-2">
      {replies.map((r) => {
        const to = links.get(r.id)?.replyToId
        const target = to ? byId.get(to) : undefined
        return (
          <li key={r.id}>
            <ReplyCard
              reply={r}
              format={format}
              pattern={pattern}
              permalink={permalinkOf(r.id)}
              highlighted={highlightedId === r.id}
              inReplyToAuthor={target?.authorDisplayName}
              inReplyToPermalink={target ? permalinkOf(target.id) : undefined}
            />
          </li>
        )
      })}
    </ol>
  )
}
