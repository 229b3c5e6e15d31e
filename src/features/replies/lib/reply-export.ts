/** Shown replies → export rows that keep the thread structure (docs/decisions/0063-reply-export-and-pseudonyms.md). */
import type { CommentReply } from '#contract/index.ts'
import type { ExportRequest } from '#lib/export/export-data.ts'
import { exportDay, fileSlug, queryTag } from '#lib/export/file-slug.ts'
import { makeProvenance, shownOf, type ProvenanceDraft } from '#lib/export/provenance.ts'
import type { Column } from '#lib/export/serialise.ts'
import { pseudonymiseRows, saltFingerprint } from './pseudonymise.ts'
import type { ThreadLink } from './thread-inference.ts'

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

/** In the order given: the view's (filtered, sorted) order. */
export function replyExportRows(
  replies: readonly CommentReply[],
  links: ReadonlyMap<string, ThreadLink>,
): ReplyExportRow[] {
  return replies.map((r) => {
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

export type ReplyExportArgs = {
  parentCommentId: string
  /** The replies the view shows (filtered), in its sort order: exactly what is exported. */
  shown: readonly CommentReply[]
  loaded: number
  links: ReadonlyMap<string, ThreadLink>
  view: { q: string; sort: string; format: string }
  pagesFetched: number
  pricePerPageUsd: number
  fetchedAt: string
  query: Record<string, unknown>
  viewUrl: string
  /** The browser project's salt when authors are pseudonymised. */
  pseudonymSalt?: { salt: string; createdAt: string }
  now?: Date
}

/** Provenance plus how authors were treated, so a reader of the file knows what it can and cannot reveal. */
type ReplyProvenance = ProvenanceDraft & {
  threadInference: string
  pseudonymised: boolean
  pseudonymSalt?: string
  saltFingerprint?: string
}

const WITHHELD = 'withheld in a pseudonymised export (it would name the thread or an author)'

/** The rows, provenance and file name of one reply export; pseudonymised, nothing in it names the thread or an author. */
export async function replyExport(a: ReplyExportArgs): Promise<ExportRequest<ReplyExportRow>> {
  const rows = replyExportRows(a.shown, a.links)
  const pseudo = a.pseudonymSalt ? await pseudonymiseRows(rows, a.pseudonymSalt.salt) : undefined
  const items = pseudo?.rows ?? rows
  const parent = pseudo?.ids.get(a.parentCommentId) ?? a.parentCommentId
  const q = a.view.q.trim()
  const provenance: ReplyProvenance = {
    ...makeProvenance({
      title: pseudo
        ? 'Replies to one comment (authors and ids pseudonymised)'
        : `Replies to comment ${parent}`,
      viewUrl: pseudo ? WITHHELD : a.viewUrl,
      operation: 'GET /commentReplies',
      query: { ...a.query, parentCommentId: parent },
      view: {
        filter: q ? { text: pseudo ? WITHHELD : q } : {},
        sort: a.view.sort,
        shown: shownOf(items.length, a.loaded, 'replies'),
      },
      pagesFetched: a.pagesFetched,
      itemCount: items.length,
      pricesUsd: Array.from({ length: a.pagesFetched }, () => a.pricePerPageUsd),
      fetchedAt: a.fetchedAt,
    }),
    threadInference:
      'replyToId and depth are inferred from @mentions of earlier repliers (docs/decisions/0060-thread-inference.md)',
    pseudonymised: !!pseudo,
    ...(a.pseudonymSalt
      ? {
          pseudonymSalt: `this browser's project salt, created ${a.pseudonymSalt.createdAt} (not recorded here; the same salt gives the same pseudonyms until it is reset)`,
          saltFingerprint: await saltFingerprint(a.pseudonymSalt.salt),
        }
      : {}),
  }
  const readable = fileSlug(
    'replies',
    parent,
    pseudo ? 'pseudonymised' : '',
    q && !pseudo ? `filter ${q.slice(0, 40)}` : '',
    a.view.sort !== 'oldest' ? `sort ${a.view.sort}` : '',
    exportDay(a.now),
  )
  return {
    items,
    columns: replyExportColumns(!!pseudo),
    provenance,
    // Tagged by the ids exported, not the filter text: in a pseudonymised file that text could name an author.
    basename: `${readable}-${queryTag([parent, a.view.sort, a.view.format, items.map((r) => r.id)])}`,
  }
}
