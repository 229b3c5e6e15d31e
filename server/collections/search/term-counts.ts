/**
 * A search for one plain word answered from corpus_track_terms (each lexeme's cue count per track, migrations 0005 and 0007):
 * its exact total, and which tracks hold the hits of a page, without reading every matching cue (docs/decisions/0151).
 */
import { num, type Queryable } from '../../db/database.ts'
import { isTextSearchConfig } from '../text-search-config.ts'
import { caseForms, parseQuery } from './query-language.ts'
import { Params, type MatchMode } from './search-sql.ts'

/** The lexeme each configuration makes of the word (none: a stop word there). */
export type Lexemes = { cfg: string; lexeme: string }[]

/** The order of the collection's videos, as the page's order without the cue's seq. */
export type VideoOrder = 'time' | 'video'

const VIDEO_ORDER: Record<VideoOrder, string> = {
  time: 'position, video_id',
  video: 'lower(coalesce(title, video_id)), video_id',
}

/**
 * The case forms of a query that is one plain word (no phrase, prefix, exclusion or sound), or undefined when the query
 * is anything else: what the word's lexemes are made from (lexemesOf).
 */
export function plainWordForms(q: string, match: MatchMode): string[] | undefined {
  if (match !== 'words') return undefined
  const { terms } = parseQuery(q)
  const term = terms[0]
  if (terms.length !== 1 || term?.kind !== 'words' || term.exclude || term.words.length !== 1)
    return undefined
  const word = term.words[0]!
  return word.prefix ? undefined : caseForms(word.text)
}

/**
 * The word's lexeme per configuration from each configuration's vector of each case form; undefined when a
 * configuration reads the word as several lexemes (e-mail, or case forms a C-locale server keeps apart), where counting
 * per lexeme would not count cues.
 */
export function lexemesOf(rows: readonly { cfg: string; lexemes: string[] }[]): Lexemes | undefined {
  const byConfig = new Map<string, Set<string>>()
  for (const row of rows) {
    if (!isTextSearchConfig(row.cfg)) continue
    if (row.lexemes.length > 1) return undefined
    const set = byConfig.get(row.cfg) ?? new Set<string>()
    row.lexemes.forEach((l) => set.add(l))
    byConfig.set(row.cfg, set)
  }
  const out: Lexemes = []
  for (const [cfg, set] of byConfig) {
    if (set.size > 1) return undefined
    const [lexeme] = set
    if (lexeme !== undefined) out.push({ cfg, lexeme })
  }
  return out
}

/** The lexemes of a query that is one plain word, one per configuration (see plainWordForms and lexemesOf). */
export async function singleWordLexemes(
  db: Queryable,
  q: string,
  match: MatchMode,
  configs: readonly string[],
): Promise<Lexemes | undefined> {
  const forms = plainWordForms(q, match)
  const known = configs.filter(isTextSearchConfig)
  if (!forms || !known.length) return undefined
  // to_tsvector reads a word as to_tsquery reads it quoted: same parser, same dictionaries.
  const rows = await db.query<{ cfg: string; lexemes: string[] }>(
    `SELECT c AS cfg, tsvector_to_array(to_tsvector(c::regconfig, f)) AS lexemes
     FROM unnest($1::text[]) AS c, unnest($2::text[]) AS f`,
    [known, forms],
  )
  return lexemesOf(rows)
}

/** The lexemes with the configurations that make each. */
function byLexeme(lexemes: Lexemes): [string, string[]][] {
  const out = new Map<string, string[]>()
  for (const l of lexemes) out.set(l.lexeme, [...(out.get(l.lexeme) ?? []), l.cfg])
  return [...out]
}

/** The word's term row of one track (at most one: a track has one configuration, which makes one lexeme of it). */
function termRowOf(params: Params, lexemes: Lexemes, track: string, columns: string): string {
  const arms = byLexeme(lexemes).map(
    ([lexeme, cfgs]) =>
      `SELECT ${columns} FROM corpus_track_terms
       WHERE lexeme = ${params.add(lexeme)} AND cfg = ANY(${params.add(cfgs)}::regconfig[]) AND track_id = ${track}`,
  )
  return `SELECT * FROM (${arms.join(' UNION ALL ')}) AS a LIMIT 1`
}

/**
 * The collection's tracks holding the lexemes, with their matching cue counts, as one SQL source. Each lexeme with its
 * configurations is an arm of its own, a range of the key read from index entries alone (decision 0172); arms OR-ed
 * in one WHERE made Postgres combine bitmaps and read every row from the heap (8,016 rows for "people" in the
 * benchmark's corpus), so they are UNION ALL-ed (decision 0176).
 */
function trackCounts(params: Params, collectionId: string, lexemes: Lexemes, order?: VideoOrder): string {
  const arms = byLexeme(lexemes).map(
    ([lexeme, cfgs]) =>
      `SELECT track_id, cues FROM corpus_track_terms
       WHERE lexeme = ${params.add(lexeme)} AND cfg = ANY(${params.add(cfgs)}::regconfig[])`,
  )
  // The titles only when the order reads them: carried for every track holding the word, they are most of its bytes.
  return `SELECT cv.video_id, cv.position, ${order === 'video' ? 'cv.title' : 'NULL::text AS title'}, cv.track_id, tt.cues
          FROM (${arms.join(' UNION ALL ')}) AS tt JOIN collection_videos cv ON cv.track_id = tt.track_id
          WHERE cv.collection_id = ${params.add(collectionId)}`
}

/** The exact number of the collection's cues holding the word. */
export async function countWord(db: Queryable, collectionId: string, lexemes: Lexemes): Promise<number> {
  if (!lexemes.length) return 0
  const params = new Params()
  const source = trackCounts(params, collectionId, lexemes)
  const [row] = await db.query<{ n: unknown }>(
    `SELECT coalesce(sum(cues), 0) AS n FROM (${source}) AS h`,
    params.values,
  )
  return num(row?.n)
}

export type PageTracks = {
  /** The exact total, when asked for. */
  total: number | null
  /** The tracks holding hits offset … offset + limit - 1, in the page's order. */
  tracks: number[]
  /** Their videos in the collection, in the same order. */
  videoIds: string[]
  /** The seqs of each one's cues holding the word, ascending. */
  seqs: number[][]
  /** Their cues, all of them: what reading them one by one costs. */
  cues: number
  /** How many hits come before the first of those tracks. */
  hitsBefore: number
}

/**
 * Videos a page in the collection's own order is first looked for among, by walking them in order and reading each
 * one's count by key: a common word fills its page within a few videos, where joining every track that holds it with
 * the collection reads thousands (decision 0179). A word too rare to fill the page there is answered by the join.
 */
export const WALK_VIDEOS = 50

type PageRow = {
  track_id: unknown
  video_id: string
  cue_count: unknown
  cues: unknown
  seqs: number[]
  upto: unknown
}

/** The page's tracks among the collection's first WALK_VIDEOS videos in order, when they are enough to be sure of it. */
async function walkedPage(
  db: Queryable,
  collectionId: string,
  lexemes: Lexemes,
  window: { offset: number; limit: number; walkVideos: number; withTotal: boolean },
): Promise<{ rows: PageRow[]; total: number | null } | undefined> {
  const params = new Params()
  // Each video's term row read by key, its cues' seqs with it: the page's cues are then read by key too.
  const count = `LEFT JOIN LATERAL (${termRowOf(params, lexemes, 'v.track_id', 'cues, seqs')}) AS m ON true`
  const end = params.add(window.offset + window.limit)
  // The total in the same statement: one round trip for the page's tracks and the count.
  const total = window.withTotal
    ? `(SELECT coalesce(sum(cues), 0) FROM (${trackCounts(params, collectionId, lexemes)}) AS tc)`
    : 'NULL'
  // The videos one at a time, each one's count read by key, until those walked hold the page's last hit: a common
  // word stops within a few videos (decision 0180).
  const rows = await db.query<PageRow & { walked: unknown; total: unknown }>(
    `WITH RECURSIVE v AS MATERIALIZED (
       SELECT row_number() OVER (ORDER BY position, video_id) AS n, track_id, video_id
       FROM (SELECT track_id, video_id, position FROM collection_videos WHERE collection_id = ${params.add(collectionId)}
             ORDER BY position, video_id LIMIT ${params.add(window.walkVideos)}) AS first),
     walk AS (
       SELECT v.n, v.track_id, v.video_id, m.cues, m.seqs, coalesce(m.cues, 0) AS upto FROM v ${count} WHERE v.n = 1
       UNION ALL
       SELECT v.n, v.track_id, v.video_id, m.cues, m.seqs, w.upto + coalesce(m.cues, 0)
       FROM walk w JOIN v ON v.n = w.n + 1 ${count} WHERE w.upto < ${end})
     SELECT w.track_id, w.video_id, (SELECT t.cue_count FROM corpus_tracks t WHERE t.id = w.track_id) AS cue_count,
            w.cues, w.seqs, w.upto, (SELECT count(*) FROM v) AS walked, ${total} AS total
     FROM walk w WHERE w.cues IS NOT NULL ORDER BY w.n`,
    params.values,
  )
  const last = rows[rows.length - 1]
  if (!last) return undefined // no hit among them: the join answers, and counts the total apart
  // Sure of the page when the walked videos hold its last hit, or when they are all of the collection's videos.
  const wanted = window.offset + window.limit
  if (num(last.upto) < wanted && num(last.walked) >= window.walkVideos) return undefined
  return {
    rows: rows.filter((r) => num(r.upto) > window.offset && num(r.upto) - num(r.cues) < wanted),
    total: window.withTotal ? num(last.total) : null,
  }
}

/** The tracks holding one page of the word's hits (hits in the videos' order, then by cue), and the exact total if asked. */
export async function pageTracks(
  db: Queryable,
  collectionId: string,
  lexemes: Lexemes,
  order: VideoOrder,
  window: { offset: number; limit: number; withTotal: boolean; walkVideos?: number },
): Promise<PageTracks> {
  const none = { tracks: [], videoIds: [], seqs: [], cues: 0, hitsBefore: 0 }
  if (!lexemes.length) return { total: window.withTotal ? 0 : null, ...none }
  const walkVideos = window.walkVideos ?? WALK_VIDEOS
  // Walked in the collection's own order only: no index gives the videos in their titles' order.
  const walked =
    order === 'time' && walkVideos > 0
      ? await walkedPage(db, collectionId, lexemes, { ...window, walkVideos })
      : undefined
  if (walked) {
    const { rows, total } = walked
    const first = rows[0]
    if (!first) return { total, ...none }
    return {
      total,
      tracks: rows.map((r) => num(r.track_id)),
      videoIds: rows.map((r) => r.video_id),
      seqs: rows.map((r) => r.seqs),
      cues: rows.reduce((sum, r) => sum + num(r.cue_count), 0),
      hitsBefore: num(first.upto) - num(first.cues),
    }
  }
  const params = new Params()
  const source = trackCounts(params, collectionId, lexemes, order)
  const end = params.add(window.offset + window.limit)
  const rows = await db.query<PageRow & { total: unknown }>(
    // Each track holds at least one hit, so the page's tracks are among the first offset + limit: only those are
    // sorted whole and summed in order. The page's few tracks look their cue counts up by key.
    `WITH h AS MATERIALIZED (${source})
     SELECT w.track_id, w.video_id, (SELECT t.cue_count FROM corpus_tracks t WHERE t.id = w.track_id) AS cue_count,
            w.cues, (${termRowOf(params, lexemes, 'w.track_id', 'seqs')}) AS seqs, w.upto,
            ${window.withTotal ? '(SELECT sum(cues) FROM h)' : 'NULL'} AS total
     FROM (SELECT track_id, video_id, cues, sum(cues) OVER (ORDER BY ${VIDEO_ORDER[order]} ROWS UNBOUNDED PRECEDING) AS upto
           FROM (SELECT * FROM h ORDER BY ${VIDEO_ORDER[order]} LIMIT ${end}) AS f) AS w
     WHERE w.upto > ${params.add(window.offset)} AND w.upto - w.cues < ${end}
     ORDER BY w.upto`,
    params.values,
  )
  const first = rows[0]
  // A page past the last hit holds no track: the total is counted apart.
  if (!first) return { total: window.withTotal ? await countWord(db, collectionId, lexemes) : null, ...none }
  return {
    total: window.withTotal ? num(first.total) : null,
    tracks: rows.map((r) => num(r.track_id)),
    videoIds: rows.map((r) => r.video_id),
    seqs: rows.map((r) => r.seqs),
    cues: rows.reduce((sum, r) => sum + num(r.cue_count), 0),
    hitsBefore: num(first.upto) - num(first.cues),
  }
}
