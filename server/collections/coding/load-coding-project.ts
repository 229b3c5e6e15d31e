/** The export writers' input, read from the database: the collection, its codes and codings, its collected transcripts and coded reply threads. */
import type { Code, Coding, ReplySegment } from '#contract/coding.ts'
import { num, type Queryable } from '../../db/database.ts'
import { dataSourceOf, loadCollection } from '../exports/export-source.ts'
import { CODE_COLUMNS, CODING_COLUMNS, codeOf, codingOf, treeOrder } from './coding-rows.ts'
import {
  watchUrl,
  type CodingProject,
  type ProjectVideo,
  type ReplySource,
} from './exports/coding-project.ts'

/** The collection's collected videos in its order, each with its corpus track's cleaned cues in seq order. */
async function loadVideos(db: Queryable, collectionId: string): Promise<ProjectVideo[]> {
  const rows = await db.query(
    `SELECT cv.video_id, cv.title, cv.channel_title, cv.published_at, t.lang, c.seq, c.start_s, c.duration_s, c.text
     FROM collection_videos cv
     JOIN corpus_tracks t ON t.id = cv.track_id
     JOIN corpus_cues c ON c.track_id = cv.track_id
     WHERE cv.collection_id = $1 AND cv.track_state = 'collected'
     ORDER BY cv.position, c.seq`,
    [collectionId],
  )
  const videos: ProjectVideo[] = []
  for (const r of rows) {
    const videoId = String(r.video_id)
    let video = videos.at(-1)
    if (video?.videoId !== videoId) {
      video = {
        videoId,
        title: (r.title as string | null) ?? null,
        channelTitle: (r.channel_title as string | null) ?? null,
        publishedAt: (r.published_at as string | null) ?? null,
        url: watchUrl(videoId),
        lang: String(r.lang),
        cues: [],
      }
      videos.push(video)
    }
    video.cues.push({
      seq: num(r.seq),
      start: num(r.start_s),
      duration: num(r.duration_s),
      text: String(r.text),
    })
  }
  return videos
}

/** One source per coded comment thread: its top-level comment first, then its coded replies by time. */
export function replySourcesOf(codings: readonly Coding[]): ReplySource[] {
  const threads = new Map<string, { videoId: string | null; lines: Map<string, ReplySegment> }>()
  for (const { segment } of codings) {
    if (segment.kind !== 'reply') continue
    const id = segment.parentId ?? segment.commentId
    const thread = threads.get(id) ?? { videoId: null, lines: new Map<string, ReplySegment>() }
    thread.videoId ??= segment.videoId
    thread.lines.set(segment.commentId, segment)
    threads.set(id, thread)
  }
  return [...threads].map(([commentId, t]) => ({
    commentId,
    videoId: t.videoId,
    lines: [...t.lines.values()]
      .sort(
        (a, b) =>
          Number(b.commentId === commentId) - Number(a.commentId === commentId) ||
          (a.publishedAt ?? '').localeCompare(b.publishedAt ?? '') ||
          a.commentId.localeCompare(b.commentId),
      )
      .map((s) => ({ commentId: s.commentId, author: s.author, publishedAt: s.publishedAt, text: s.text })),
  }))
}

/** `transcripts: false` leaves videos empty, for the writers that use none (the codebook). */
export async function loadCodingProject(
  db: Queryable,
  collectionId: string,
  exportedAt: Date,
  { transcripts = true }: { transcripts?: boolean } = {},
): Promise<CodingProject> {
  const collection = await loadCollection(db, collectionId)
  const codes: Code[] = treeOrder(
    (await db.query(`SELECT ${CODE_COLUMNS} FROM codes WHERE collection_id = $1`, [collectionId])).map(
      codeOf,
    ),
  )
  const codings = (
    await db.query(
      `SELECT ${CODING_COLUMNS} FROM codings WHERE collection_id = $1 ORDER BY video_id, start_s, created_at, id`,
      [collectionId],
    )
  ).map(codingOf)
  return {
    collection: { id: collection.id, name: collection.name, description: collection.description },
    source: dataSourceOf(collection.source),
    exportedAt,
    codes,
    videos: transcripts ? await loadVideos(db, collectionId) : [],
    replySources: replySourcesOf(codings),
    codings,
  }
}
