/** GET /stats: the words of a collection, or of a search's hits with the search term's collocates. */
import type { Queryable } from '../../db/database.ts'
import { allHits, NOTHING_COLLECTED, searchScope } from '../search/search-collection.ts'
import type { MatchMode } from '../search/search-sql.ts'
import { collocates, topTerms, type Collocate, type TermCount } from './word-stats.ts'

export type StatsParams = {
  q?: string
  match: MatchMode
  n: 1 | 2 | 3
  stopwords: 'keep' | 'drop'
  limit: number
}

export type StatsResult = {
  terms: TermCount[]
  collocates?: Collocate[]
  /** With q: hits per video, in the collection's order (the chart of hits over publication time reads these). */
  videos?: { videoId: string; count: number }[]
  /** How many cues were counted, and whether the collection had more than the counting reads. */
  cues: number
  truncated: boolean
  /** Present when the collection has nothing collected: why nothing is counted. */
  note?: string
}

/** Counting runs in the function: beyond this many cues the statistics cover the first ones, in video order, and say so. */
const MAX_STATS_CUES = 500_000

/** Hits in time order are grouped by video already: count each run. */
function hitsPerVideo(hits: readonly { videoId: string }[]): { videoId: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const h of hits) counts.set(h.videoId, (counts.get(h.videoId) ?? 0) + 1)
  return [...counts].map(([videoId, count]) => ({ videoId, count }))
}

export async function collectionStats(
  db: Queryable,
  collectionId: string,
  p: StatsParams,
): Promise<StatsResult> {
  const { configs, collected } = await searchScope(db, collectionId)
  const note = collected ? {} : { note: NOTHING_COLLECTED }
  const options = { n: p.n, dropStopWords: p.stopwords === 'drop', limit: p.limit }
  if (p.q !== undefined) {
    const hits = await allHits(db, collectionId, { q: p.q, match: p.match, sort: 'time' }, configs)
    return {
      ...note,
      terms: topTerms(hits, options),
      collocates: collocates(hits, { q: p.q, match: p.match }, options),
      videos: hitsPerVideo(hits),
      cues: hits.length,
      truncated: false,
    }
  }
  const rows = await db.query<{ text: string; lang: string }>(
    `SELECT c.text, t.lang FROM collection_videos cv
       JOIN corpus_tracks t ON t.id = cv.track_id JOIN corpus_cues c ON c.track_id = t.id
     WHERE cv.collection_id = $1 ORDER BY cv.position, c.seq LIMIT $2`,
    [collectionId, MAX_STATS_CUES + 1],
  )
  const truncated = rows.length > MAX_STATS_CUES
  const counted = truncated ? rows.slice(0, MAX_STATS_CUES) : rows
  return { ...note, terms: topTerms(counted, options), cues: counted.length, truncated }
}
