/** Coding replies into a collection: each reply (as shown, plain text) is the segment; its codings shown on its card. */
import { useCallback } from 'react'
import type { CommentReply } from '#contract/index.ts'
import type { Coding } from '#contract/coding.ts'
import { useItemCoding } from '#lib/coding/use-coding.ts'
import { replyPlainText } from '../lib/reply-plain-text.ts'

const commentOf = (c: Coding) => (c.segment.kind === 'reply' ? c.segment.commentId : undefined)

/** `videoId`: the video the thread is under, when the page's link named it. */
export function useReplyCoding(collectionId: string | undefined, videoId?: string) {
  const item = useItemCoding(collectionId, commentOf)
  const { changes, coder } = item

  const apply = useCallback(
    (reply: CommentReply, codeIds: readonly string[], memo: string, onDone: () => void) => {
      if (!coder) return
      const segment = {
        kind: 'reply' as const,
        videoId: videoId ?? null,
        commentId: reply.id,
        parentId: reply.parentId || null,
        author: reply.authorDisplayName || null,
        publishedAt: reply.publishedAt,
        text: replyPlainText(reply),
      }
      changes.apply.mutate({ codeIds: [...codeIds], segment, memo, coder }, { onSuccess: onDone })
    },
    [changes.apply, coder, videoId],
  )

  return { ...item, apply }
}

export type ReplyCoding = ReturnType<typeof useReplyCoding>
