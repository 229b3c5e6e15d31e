/**
 * The KWIC search the benchmark times, as corpus-search's server/collections/search (search-sql.ts and
 * search-collection.ts on their branch) writes it: one `cfg = X AND tsv @@ to_tsquery(X, …)` arm per
 * text-search configuration of the collection, OR-ed so each arm uses the GIN index; the first page in video
 * order then cue order, with the hit marked by ts_headline and three neighbouring cues each side; the total
 * counted apart. Replace with their module (searchCollection / countHits) once it is in main.
 */
import type { Queryable } from '#server/db/database.ts'

export type Probe = { label: string; q: string; tsquery: string; pattern: RegExp }

const NEIGHBOURS = 3
const HEADLINE_OPTIONS = 'StartSel=\u0002, StopSel=\u0003, HighlightAll=true'

function where(configs: readonly string[], placeholder: string): string {
  if (configs.some((c) => !/^[a-z]+$/.test(c)))
    throw new Error(`not a configuration name: ${configs.join(', ')}`)
  return `(${configs
    .map(
      (cfg) => `(c.cfg = '${cfg}'::regconfig AND c.tsv @@ to_tsquery('${cfg}'::regconfig, ${placeholder}))`,
    )
    .join(' OR ')})`
}

export type KwicRow = {
  video_id: string
  seq: unknown
  text: string
  marked: string | null
  prev_text: string | null
  next_text: string | null
}

/** The first `limit` hits with their context, in the collection's order (position, seq). */
export function firstHits(
  db: Queryable,
  collectionId: string,
  configs: readonly string[],
  tsquery: string,
  limit = 100,
): Promise<KwicRow[]> {
  return db.query<KwicRow>(
    `WITH h AS (SELECT cv.video_id, cv.position, c.track_id, c.seq, c.start_s, c.duration_s, c.text, c.cfg
                FROM collection_videos cv JOIN corpus_cues c ON c.track_id = cv.track_id
                WHERE cv.collection_id = $1 AND ${where(configs, '$2')}
                ORDER BY position, seq LIMIT $3 OFFSET 0)
     SELECT h.video_id, t.lang, h.start_s, h.duration_s, h.text, h.seq,
       ts_headline(h.cfg, h.text, to_tsquery(h.cfg, $2), $4) AS marked,
       (SELECT string_agg(p.text, ' ' ORDER BY p.seq) FROM corpus_cues p
         WHERE p.track_id = h.track_id AND p.seq >= h.seq - ${NEIGHBOURS} AND p.seq < h.seq) AS prev_text,
       (SELECT string_agg(n.text, ' ' ORDER BY n.seq) FROM corpus_cues n
         WHERE n.track_id = h.track_id AND n.seq > h.seq AND n.seq <= h.seq + ${NEIGHBOURS}) AS next_text
     FROM h JOIN corpus_tracks t ON t.id = h.track_id
     ORDER BY h.position, h.seq`,
    [collectionId, tsquery, limit, HEADLINE_OPTIONS],
  )
}

/** The exact number of matching cues (the API's `total`). */
export async function countHits(
  db: Queryable,
  collectionId: string,
  configs: readonly string[],
  tsquery: string,
): Promise<number> {
  const [row] = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM collection_videos cv JOIN corpus_cues c ON c.track_id = cv.track_id
     WHERE cv.collection_id = $1 AND ${where(configs, '$2')}`,
    [collectionId, tsquery],
  )
  return Number(row?.n)
}

/** The text-search configurations of the collection's tracks, as the search reads them first. */
export async function collectionConfigs(db: Queryable, collectionId: string): Promise<string[]> {
  const rows = await db.query<{ cfg: string }>(
    `SELECT DISTINCT t.cfg::text AS cfg FROM collection_videos cv JOIN corpus_tracks t ON t.id = cv.track_id
     WHERE cv.collection_id = $1 ORDER BY 1`,
    [collectionId],
  )
  return rows.map((r) => r.cfg)
}
