/** Loaded replies → export rows that keep the thread structure (docs/decisions/0063-reply-export-and-pseudonyms.md). */
import type { CommentReply } from '#contract/index.ts'
import type { Column } from '#lib/export/serialise.ts'
import { chronological, type ThreadLink } from './thread-inference.ts'

export type ReplyExportRow = {
  id: string
  parentId: string
  /** The inferred reply this one answers; empty when it answers the top-level comment. */
  replyToId: string | null
  depth: number
  author: string
  authorChannelId: string | null
  /** Dropped (undefined) in pseudonymised exports. */
  authorChannelUrl?: string | null
  authorProfileImageUrl?: string | null
  publishedAt: string
  updatedAt: string
  likeCount: number
  textOriginal: string
  textDisplay: string
}

/** Oldest first, whatever the view's sort: a stable order for analysis. */
export function replyExportRows(
  replies: readonly CommentReply[],
  links: ReadonlyMap<string, ThreadLink>,
): ReplyExportRow[] {
  return chronological(replies).map((r) => {
    const link = links.get(r.id)
    return {
      id: r.id,
      parentId: r.parentId,
      replyToId: link?.replyToId ?? null,
      depth: link?.depth ?? 0,
      author: r.authorDisplayName,
      authorChannelId: r.authorChannelId?.value ?? null,
      authorChannelUrl: r.authorChannelUrl ?? null,
      authorProfileImageUrl: r.authorProfileImageUrl ?? null,
      publishedAt: r.publishedAt,
      updatedAt: r.updatedAt,
      likeCount: r.likeCount,
      textOriginal: r.textOriginal,
      textDisplay: r.textDisplay,
    }
  })
}

const BASE_COLUMNS: Column<ReplyExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'parentId', value: (r) => r.parentId },
  { header: 'replyToId', value: (r) => r.replyToId },
  { header: 'depth', value: (r) => r.depth },
  { header: 'author', value: (r) => r.author },
  { header: 'authorChannelId', value: (r) => r.authorChannelId },
  { header: 'publishedAt', value: (r) => r.publishedAt },
  { header: 'updatedAt', value: (r) => r.updatedAt },
  { header: 'likeCount', value: (r) => r.likeCount },
  { header: 'textOriginal', value: (r) => r.textOriginal },
  { header: 'textDisplay', value: (r) => r.textDisplay },
]

const IDENTIFYING_COLUMNS: Column<ReplyExportRow>[] = [
  { header: 'authorChannelUrl', value: (r) => r.authorChannelUrl },
  { header: 'authorProfileImageUrl', value: (r) => r.authorProfileImageUrl },
]

export function replyExportColumns(pseudonymised: boolean): Column<ReplyExportRow>[] {
  return pseudonymised
    ? BASE_COLUMNS
    : [...BASE_COLUMNS.slice(0, 6), ...IDENTIFYING_COLUMNS, ...BASE_COLUMNS.slice(6)]
}
