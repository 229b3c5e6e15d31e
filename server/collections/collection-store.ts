/** Collections and their videos in the database: create, list, read, add videos (with the list's metadata and where each was found). */
import {
  COLLECTION_LIMITS,
  type CollectionDetail,
  type CollectionSummary,
  type FoundBy,
  type FoundByInput,
  type VideoMeta,
} from '#contract/collections.ts'
import type { CaptionMode } from '#contract/enums.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import { ApiFailure, invalidQuery } from '../errors.ts'
import { newCollectionId } from './collection-id.ts'
import { summaryOf, videoOf } from './collection-rows.ts'
import { fillSeenTitles } from './seen-titles.ts'

export type CollectionRow = { id: string; source: string; lang: string | null; mode: CaptionMode }

export type NewCollection = {
  name: string
  description?: string
  lang?: string | null
  mode?: CaptionMode
}

export type NewVideos = { videoIds: readonly string[]; videos?: readonly VideoMeta[]; source?: FoundByInput }

/** Summaries with their counts; `$1` selects one collection, NULL all of them. */
const SUMMARY_SQL = `
SELECT c.id, c.source, c.name, c.description, c.lang, c.mode, c.created_at, c.updated_at,
       coalesce(v.video_count, 0) AS video_count, coalesce(v.wanted, 0) AS wanted,
       coalesce(v.collected, 0) AS collected, coalesce(v.unavailable, 0) AS unavailable,
       coalesce(v.failed, 0) AS failed, coalesce(j.spent_micro, 0) AS spent_micro
FROM collections c
LEFT JOIN (
  SELECT collection_id, count(*)::int AS video_count,
         count(*) FILTER (WHERE track_state = 'wanted')::int AS wanted,
         count(*) FILTER (WHERE track_state = 'collected')::int AS collected,
         count(*) FILTER (WHERE track_state = 'unavailable')::int AS unavailable,
         count(*) FILTER (WHERE track_state = 'failed')::int AS failed
  FROM collection_videos WHERE $1::text IS NULL OR collection_id = $1 GROUP BY collection_id
) v ON v.collection_id = c.id
LEFT JOIN (
  SELECT collection_id, sum(spent_micro)::float8 AS spent_micro
  FROM collect_jobs WHERE $1::text IS NULL OR collection_id = $1 GROUP BY collection_id
) j ON j.collection_id = c.id
WHERE $1::text IS NULL OR c.id = $1
ORDER BY c.created_at DESC, c.id DESC`

export const notFound = (id: string) =>
  new ApiFailure(404, 'not_found', `There is no collection ${JSON.stringify(id)}.`)

/** Provenance as stored: `at` filled in, a default for scripts that name none. */
function foundByOf(source: FoundByInput | undefined, at: number): FoundBy {
  if (!source) return { kind: 'api', label: 'added through the HTTP interface', at }
  return { ...source, at: source.at ?? at }
}

export function createCollectionStore({
  db,
  source,
  now,
}: {
  db: Database
  source: string
  now: () => number
}) {
  /** Per collection: the newest cached page its titles were looked for in. */
  const titlesReadUpTo = new Map<string, number>()

  async function row(q: Queryable, id: string, lock = false): Promise<CollectionRow> {
    const [r] = await q.query(
      `SELECT id, source, lang, mode FROM collections WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )
    if (!r) throw notFound(id)
    return {
      id: String(r.id),
      source: String(r.source),
      lang: (r.lang as string | null) ?? null,
      mode: r.mode as CaptionMode,
    }
  }

  async function summary(q: Queryable, id: string): Promise<CollectionSummary> {
    const [r] = await q.query(SUMMARY_SQL, [id])
    if (!r) throw notFound(id)
    return summaryOf(r)
  }

  /** Tracks already in the corpus for this collection's request count as collected at once: nothing to buy. */
  async function linkStoredTracks(q: Queryable, c: CollectionRow): Promise<void> {
    await q.query(
      `UPDATE collection_videos v SET track_state = 'collected', track_id = t.id, failure = NULL
       FROM corpus_tracks t
       WHERE v.collection_id = $1 AND v.track_state <> 'collected' AND t.source = $2
         AND t.video_id = v.video_id AND t.lang_asked = $3 AND t.mode = $4`,
      [c.id, c.source, c.lang ?? '', c.mode],
    )
  }

  async function addVideosIn(tx: Queryable, c: CollectionRow, input: NewVideos) {
    const ids = [...new Set(input.videoIds)]
    const meta = new Map((input.videos ?? []).map((v) => [v.videoId, v]))
    for (const m of meta.keys())
      if (!ids.includes(m)) throw invalidQuery('videos', `videos names ${m}, which is not in videoIds.`)
    const [counts] = await tx.query(
      'SELECT count(*)::int AS n, coalesce(max(position), -1)::int AS last FROM collection_videos WHERE collection_id = $1',
      [c.id],
    )
    const t = now()
    const rows = ids.map((videoId, ord) => {
      const m = meta.get(videoId)
      return {
        ord,
        video_id: videoId,
        title: m?.title ?? null,
        channel_id: m?.channelId ?? null,
        channel_title: m?.channelTitle ?? null,
        published_at: m?.publishedAt ?? null,
        circles: m?.circles ?? null,
      }
    })
    const inserted = await tx.query<{ inserted: boolean }>(
      `INSERT INTO collection_videos (collection_id, video_id, position, title, channel_id, channel_title, published_at, found_by, added_at)
       SELECT $1, r.video_id, $3 + 1 + r.ord, r.title, r.channel_id, r.channel_title, r.published_at,
         jsonb_build_array($4::jsonb || CASE WHEN r.circles IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('circles', r.circles) END), $5
       FROM jsonb_to_recordset($2::jsonb) AS r(ord int, video_id text, title text, channel_id text, channel_title text, published_at text, circles jsonb)
       ORDER BY r.ord
       ON CONFLICT (collection_id, video_id) DO UPDATE SET
         title = coalesce(collection_videos.title, EXCLUDED.title),
         channel_id = coalesce(collection_videos.channel_id, EXCLUDED.channel_id),
         channel_title = coalesce(collection_videos.channel_title, EXCLUDED.channel_title),
         published_at = coalesce(collection_videos.published_at, EXCLUDED.published_at),
         found_by = CASE WHEN EXISTS (
             SELECT 1 FROM jsonb_array_elements(collection_videos.found_by) e
             WHERE e->>'kind' = $4::jsonb->>'kind' AND e->>'label' = $4::jsonb->>'label'
               AND coalesce(e->>'url', '') = coalesce($4::jsonb->>'url', ''))
           THEN collection_videos.found_by ELSE collection_videos.found_by || EXCLUDED.found_by END
       RETURNING (xmax = 0) AS inserted`,
      [c.id, JSON.stringify(rows), num(counts?.last), JSON.stringify(foundByOf(input.source, t)), t],
    )
    const added = inserted.filter((r) => r.inserted).length
    if (num(counts?.n) + added > COLLECTION_LIMITS.videosPerCollection)
      throw invalidQuery(
        'videoIds',
        `A collection holds at most ${COLLECTION_LIMITS.videosPerCollection} videos; this one has ${num(counts?.n)}.`,
      )
    if (added) await linkStoredTracks(tx, c)
    await tx.query('UPDATE collections SET updated_at = $2 WHERE id = $1', [c.id, t])
    return { added, alreadyThere: ids.length - added }
  }

  return {
    row: (id: string) => row(db, id),
    summary: (id: string) => summary(db, id),
    linkStoredTracks: (c: CollectionRow) => linkStoredTracks(db, c),

    async list(): Promise<CollectionSummary[]> {
      return (await db.query(SUMMARY_SQL, [null])).map(summaryOf)
    },

    async create(input: NewCollection & Partial<NewVideos>): Promise<CollectionSummary> {
      return db.transaction(async (tx) => {
        const id = newCollectionId()
        const t = now()
        await tx.query(
          `INSERT INTO collections (id, source, name, description, lang, mode, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
          [
            id,
            source,
            input.name.trim(),
            input.description ?? '',
            input.lang ?? null,
            input.mode ?? 'default',
            t,
          ],
        )
        if (input.videoIds?.length)
          await addVideosIn(tx, await row(tx, id, true), {
            videoIds: input.videoIds,
            videos: input.videos,
            source: input.source,
          })
        return summary(tx, id)
      })
    },

    async addVideos(id: string, input: NewVideos) {
      return db.transaction(async (tx) => {
        // Locked: two adds at once would take the same positions.
        const c = await row(tx, id, true)
        const result = await addVideosIn(tx, c, input)
        titlesReadUpTo.delete(id)
        return { ...result, collection: await summary(tx, id) }
      })
    },

    async detail(id: string): Promise<Omit<CollectionDetail, 'job'>> {
      const s = await summary(db, id)
      // Cached pages already read for this collection are not read again; adding videos reads them all once more.
      titlesReadUpTo.set(id, await fillSeenTitles(db, await row(db, id), titlesReadUpTo.get(id) ?? -1))
      const videos = await db.query(
        `SELECT v.*, t.lang AS track_lang, t.cue_count
         FROM collection_videos v LEFT JOIN corpus_tracks t ON t.id = v.track_id
         WHERE v.collection_id = $1 ORDER BY v.position`,
        [id],
      )
      return { ...s, videos: videos.map(videoOf) }
    },
  }
}

export type CollectionStore = ReturnType<typeof createCollectionStore>
