/** The KWIC lines of a search as CSV (the one writer: RFC 4180, header on line 1, CRLF, BOM, exact values) and its provenance sidecar. */
import { toCsv, type Column } from '#contract/csv-writer.ts'
import type { Queryable } from '../../db/database.ts'
import {
  allHits,
  NOTHING_COLLECTED,
  searchConfigs,
  searchScope,
  type KwicHit,
  type SortOrder,
} from '../search/search-collection.ts'
import type { MatchMode } from '../search/search-sql.ts'
import { loadCollection, provenanceHead } from './export-source.ts'

export type KwicExportParams = { q: string; match: MatchMode; sort: SortOrder }

type VideoMeta = { title: string | null; channelTitle: string | null; publishedAt: string | null }
type Line = KwicHit & VideoMeta & { mode: string }

/** Where the caption studio opens at the hit (whole seconds, as its `t`). */
const studioPath = (h: Pick<Line, 'videoId' | 'lang' | 'mode' | 'offset'>): string =>
  `/videos/${h.videoId}?${new URLSearchParams({ lang: h.lang, mode: h.mode, t: String(Math.floor(h.offset)) })}`

const KWIC_COLUMNS: Column<Line>[] = [
  { header: 'videoId', value: (l) => l.videoId },
  { header: 'title', value: (l) => l.title },
  { header: 'channelTitle', value: (l) => l.channelTitle },
  { header: 'publishedAt', value: (l) => l.publishedAt },
  { header: 'lang', value: (l) => l.lang },
  { header: 'offset', value: (l) => l.offset },
  { header: 'duration', value: (l) => l.duration },
  { header: 'before', value: (l) => l.before },
  { header: 'hit', value: (l) => l.hit },
  { header: 'after', value: (l) => l.after },
  { header: 'text', value: (l) => l.text },
  { header: 'seq', value: (l) => l.seq },
  { header: 'studio', value: studioPath },
]

async function lines(db: Queryable, collectionId: string, p: KwicExportParams): Promise<Line[]> {
  const configs = await searchConfigs(db, collectionId)
  const hits = await allHits(db, collectionId, p, configs)
  const rows = await db.query<{
    video_id: string
    title: string | null
    channel_title: string | null
    published_at: string | null
    mode: string
  }>(
    `SELECT cv.video_id, cv.title, cv.channel_title, cv.published_at, t.mode
     FROM collection_videos cv JOIN corpus_tracks t ON t.id = cv.track_id WHERE cv.collection_id = $1`,
    [collectionId],
  )
  const meta = new Map(rows.map((r) => [r.video_id, r]))
  return hits.map((h) => {
    const m = meta.get(h.videoId)
    return {
      ...h,
      title: m?.title ?? null,
      channelTitle: m?.channel_title ?? null,
      publishedAt: m?.published_at ?? null,
      mode: m?.mode ?? 'default',
    }
  })
}

export async function kwicCsv(db: Queryable, collectionId: string, p: KwicExportParams): Promise<string> {
  await loadCollection(db, collectionId)
  return toCsv(await lines(db, collectionId, p), KWIC_COLUMNS)
}

export async function kwicProvenance(
  db: Queryable,
  collectionId: string,
  p: KwicExportParams,
  now: Date,
  describes: string,
): Promise<Record<string, unknown>> {
  const collection = await loadCollection(db, collectionId)
  const exported = await lines(db, collectionId, p)
  const { collected } = await searchScope(db, collectionId)
  return {
    ...provenanceHead(collection, `KWIC lines of "${p.q}" in the collection "${collection.name}"`, now),
    describes,
    query: { q: p.q, match: p.match, sort: p.sort },
    viewUrl: `/collections/${encodeURIComponent(collectionId)}?${new URLSearchParams({ q: p.q })}`,
    lines: exported.length,
    videos: new Set(exported.map((l) => l.videoId)).size,
    columns: {
      offset: "the cue's own start, seconds from the video's start",
      duration: "the cue's own duration, seconds",
      before: 'up to 8 words before the hit, from the cue and the cues before it in the same track',
      hit: 'the matched words as the cue writes them',
      after: 'up to 8 words after the hit, from the cue and the cues after it',
      text: "the cue's whole text (entities decoded, rolling repeats removed, sound markers kept)",
      studio: 'the dashboard path that opens the caption studio at this moment',
    },
    notes: [
      'One line per matching cue: a cue that matches twice is one line, its hit the first match.',
      'Words match with the stemming of each track language where Postgres has one (english: running finds run), simple otherwise.',
      ...(collected ? [] : [NOTHING_COLLECTED]),
    ],
  }
}
