/** Keyword-in-context search over one collection's collected tracks (only tracks its videos point to). */
import { ApiFailure, invalidQuery } from '../../errors.ts'
import { num, type Queryable } from '../../db/database.ts'
import {
  firstHit,
  kwicLine,
  MARK_END,
  MARK_START,
  readMarks,
  soundHit,
  substringHit,
  type Span,
} from './kwic.ts'
import { matchClause, Params, type Locator, type MatchMode } from './search-sql.ts'
import { markedSpans, tsqueryOperands } from './hit-positions.ts'
import {
  countWord,
  lexemesOf,
  pageTracks,
  plainWordForms,
  singleWordLexemes,
  WALK_VIDEOS,
} from './term-counts.ts'
import { isTextSearchConfig } from '../text-search-config.ts'

export type SortOrder = 'time' | 'video' | 'before' | 'after'

export type SearchParams = {
  q: string
  match: MatchMode
  sort: SortOrder
  limit: number
  offset: number
  count: 'exact' | 'none'
}

export type KwicHit = {
  videoId: string
  lang: string
  /** The cue's own start and duration, seconds. */
  offset: number
  duration: number
  /** The cue's text, which contains the hit. */
  text: string
  before: string
  /** The matched words as the cue writes them. */
  hit: string
  after: string
  seq: number
}

export type SearchResult = {
  total: number | null
  hits: KwicHit[]
  /** Present when the collection has nothing collected: why there can be no hit. */
  note?: string
}

/** Sorting by context needs every line's context: beyond this many hits it is refused (narrow the query). */
const MAX_CONTEXT_SORTED = 50_000

/** Neighbouring cues read on each side for the context words. */
const NEIGHBOURS = 3

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`

const ORDER: Record<'time' | 'video', string> = {
  time: 'position, video_id, seq',
  video: 'lower(coalesce(title, video_id)), video_id, seq',
}

/**
 * A word held by at most this many of the corpus's cues is answered through the full-text index alone, page and total
 * in one statement: reading its few cues costs less than walking the collection's term counts (decision 0197). The
 * count stops at this many tracks holding it, each holding at least one cue.
 */
const RARE_WORD_CUES = 2_000

/** What the search and statistics say when the collection has no collected track to read. */
export const NOTHING_COLLECTED =
  'Nothing is collected in this collection yet: collect its captions first, then search them and count their words.'

/**
 * 404 for an unknown collection; otherwise the text-search configurations the search tries: those of every stored
 * track, a superset of the collection's that a loose scan of an index reads in a few entries, where the collection's
 * own would read all its videos (decision 0172). A configuration the collection lacks matches none of its cues. And
 * whether the collection has a collected track at all.
 */
export async function searchScope(
  db: Queryable,
  collectionId: string,
  wordForms: readonly string[] = [],
): Promise<{
  configs: string[]
  collected: boolean
  wordVectors: { cfg: string; lexemes: string[] }[]
  /** The corpus's cues holding the word's lexemes, counted up to RARE_WORD_CUES and a little beyond. */
  wordCues: number
}> {
  // One round trip: every search asks this first, with the lexemes of a one-word query in each configuration (to_tsvector
  // reads a word as to_tsquery reads it quoted: same parser, same dictionaries).
  const [found] = await db.query<{
    known: boolean
    collected: boolean
    cfgs: string[]
    vectors: { cfg: string; lexemes: string[] }[] | null
    word_cues: unknown
  }>(
    `WITH RECURSIVE c AS (
       (SELECT cfg FROM corpus_tracks ORDER BY cfg LIMIT 1)
       UNION ALL
       SELECT (SELECT t.cfg FROM corpus_tracks t WHERE t.cfg > c.cfg ORDER BY t.cfg LIMIT 1) FROM c WHERE c.cfg IS NOT NULL),
     v AS MATERIALIZED (SELECT c.cfg, tsvector_to_array(to_tsvector(c.cfg, f)) AS lexemes
                        FROM c, unnest($2::text[]) AS f WHERE c.cfg IS NOT NULL)
     SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1) AS known,
       EXISTS (SELECT 1 FROM collection_videos WHERE collection_id = $1 AND track_id IS NOT NULL) AS collected,
       ARRAY(SELECT cfg::text FROM c WHERE cfg IS NOT NULL) AS cfgs,
       (SELECT json_agg(json_build_object('cfg', v.cfg::text, 'lexemes', v.lexemes)) FROM v) AS vectors,
       (SELECT coalesce(sum(cues), 0) FROM (
          SELECT tt.cues FROM v JOIN corpus_track_terms tt ON tt.cfg = v.cfg AND tt.lexeme = ANY (v.lexemes)
          LIMIT $3) AS h) AS word_cues`,
    [collectionId, wordForms, RARE_WORD_CUES],
  )
  if (!found?.known)
    throw new ApiFailure(404, 'not_found', `There is no collection ${JSON.stringify(collectionId)}.`)
  return {
    configs: found.cfgs,
    collected: found.collected,
    wordVectors: found.vectors ?? [],
    wordCues: num(found.word_cues),
  }
}

/** The configurations alone (see searchScope). */
export async function searchConfigs(db: Queryable, collectionId: string): Promise<string[]> {
  return (await searchScope(db, collectionId)).configs
}

type Row = {
  video_id: string
  lang: string
  start_s: unknown
  duration_s: unknown
  text: string
  seq: unknown
  /** For a word query: the cue's text-search configuration, its vector and the query in it, as text. */
  cfg: string | null
  tsv: string | null
  tsq: string | null
  prev_text: string | null
  next_text: string | null
  /** Where the query's words are in the text (placeHits). */
  spans?: Span[]
}

/**
 * Marks the words of a word query in each row: from the vector's positions where the text is plainly worded, else by
 * ts_headline, in one statement for all such rows (hit-positions.ts).
 */
async function placeHits(db: Queryable, rows: Row[], locator: Locator): Promise<void> {
  if (locator.kind !== 'tsquery') return
  const operands = new Map<string, ReturnType<typeof tsqueryOperands>>()
  const left: Row[] = []
  for (const row of rows) {
    if (row.tsv === null) continue
    if (row.tsq === null) {
      left.push(row)
      continue
    }
    let ops = operands.get(row.tsq)
    if (!ops) operands.set(row.tsq, (ops = tsqueryOperands(row.tsq)))
    row.spans = markedSpans(row.text, row.tsv, ops)
    if (!row.spans) left.push(row)
  }
  if (!left.length) return
  const marked = await db.query<{ marked: string }>(
    `SELECT ts_headline(u.cfg::regconfig, u.text, to_tsquery(u.cfg::regconfig, $3), $4) AS marked
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(cfg, text, n) ORDER BY u.n`,
    [left.map((r) => r.cfg), left.map((r) => r.text), locator.tsquery, HEADLINE_OPTIONS],
  )
  left.forEach((row, i) => {
    const { plain, spans } = readMarks(marked[i]?.marked ?? '')
    // ts_headline keeps the text as it is; if it ever did not, the hit is not guessed.
    row.spans = plain === row.text ? spans : undefined
  })
}

function locate(row: Row, locator: Locator): Span | undefined {
  if (locator.kind === 'substring') return substringHit(row.text, locator.text)
  if (locator.kind === 'sound') return soundHit(row.text, locator.wanted)
  return row.spans ? firstHit(row.text, row.spans) : undefined
}

function toHit(row: Row, locator: Locator): KwicHit {
  const { before, hit, after } = kwicLine(row.text, locate(row, locator), row.prev_text, row.next_text)
  return {
    videoId: row.video_id,
    lang: row.lang,
    offset: num(row.start_s),
    duration: num(row.duration_s),
    text: row.text,
    before,
    hit,
    after,
    seq: num(row.seq),
  }
}

/**
 * The text of the cues up to NEIGHBOURS before and after cue `c` of its track, each side read as a range of the key in
 * its order: an aggregate's own ORDER BY or FILTER sorted every line's few cues again, half of a page's time.
 */
const NEIGHBOUR_TEXT = `(SELECT string_agg(x.text, ' ') FROM (SELECT x.text FROM corpus_cues x
       WHERE x.track_id = c.track_id AND x.seq >= c.seq - ${NEIGHBOURS} AND x.seq < c.seq ORDER BY x.seq) AS x) AS prev_text,
     (SELECT string_agg(x.text, ' ') FROM (SELECT x.text FROM corpus_cues x
       WHERE x.track_id = c.track_id AND x.seq > c.seq AND x.seq <= c.seq + ${NEIGHBOURS} ORDER BY x.seq) AS x) AS next_text`

/**
 * The vector and the query in the cue's configuration (alias c), to place the hit without parsing the text again
 * (placeHits); nothing for queries that are not words. The query is made once per configuration, not once per line:
 * to_tsquery stems its words each time (a fifth of a phrase's page).
 */
function vectorColumns(locator: Locator, configs: readonly string[], params: Params): string {
  if (locator.kind !== 'tsquery') return 'NULL AS cfg, NULL AS tsv, NULL AS tsq'
  const cfgs = params.add(configs)
  const perConfig = `ARRAY(SELECT to_tsquery(u.cfg::regconfig, ${params.add(locator.tsquery)})::text
                           FROM unnest(${cfgs}::text[]) WITH ORDINALITY AS u(cfg, n) ORDER BY u.n)`
  return `c.cfg::text AS cfg, c.tsv::text AS tsv, (${perConfig})[array_position(${cfgs}::text[], c.cfg::text)] AS tsq`
}

/**
 * The collection's matching cues in the page's order, through the full-text index: the matches are found first, each
 * one's video then looked up by key (a join the planner ordered by the collection's videos read them all, and tested
 * every match against each).
 */
function matchingCues(collectionParam: string, where: string, order: string): string {
  return `SELECT cv.video_id, cv.position, cv.title, m.track_id, m.seq
          FROM (SELECT c.track_id, c.seq FROM corpus_cues c WHERE ${where} OFFSET 0) AS m
          CROSS JOIN LATERAL (SELECT v.video_id, v.position, v.title FROM collection_videos v
                              WHERE v.collection_id = ${collectionParam} AND v.track_id = m.track_id) AS cv
          ORDER BY ${order}`
}

/** KWIC lines of one page (or of every hit, for sorting by context), in SQL order, through the full-text index. */
async function pageRows(
  db: Queryable,
  collectionId: string,
  p: Pick<SearchParams, 'q' | 'match'>,
  configs: readonly string[],
  window: { limit: number; offset: number; order: string; withTotal?: boolean },
): Promise<{ rows: Row[]; locator: Locator; total?: number }> {
  const params = new Params()
  const collection = params.add(collectionId)
  const { where, locator } = matchClause(p.q, p.match, configs, params)
  // The total counted in the same pass over the matches as the page (decision 0172).
  const total = window.withTotal ? ', count(*) OVER () AS total' : ''
  // The lines come back as one JSON value: PGlite copies every field of every row into a buffer of its own, which
  // cost more than the page's SQL saved (decision 0180).
  const [answer] = await db.query<{ lines: (Row & { total?: unknown })[] | null }>(
    `WITH h AS MATERIALIZED (SELECT *, row_number() OVER () AS line${total}
                             FROM (${matchingCues(collection, where, window.order)}) AS m
                             LIMIT ${params.add(window.limit)} OFFSET ${params.add(window.offset)})
     SELECT json_agg(l ORDER BY l.line) AS lines FROM (
       SELECT h.line, h.video_id, t.lang, c.start_s, c.duration_s, c.text, c.seq, ${vectorColumns(locator, configs, params)},
         ${window.withTotal ? 'h.total,' : ''} ${NEIGHBOUR_TEXT}
       FROM h JOIN corpus_cues c ON c.track_id = h.track_id AND c.seq = h.seq
       JOIN corpus_tracks t ON t.id = h.track_id) AS l`,
    params.values,
  )
  const rows = answer?.lines ?? []
  await placeHits(db, rows, locator)
  return { rows, locator, total: window.withTotal && rows[0] ? num(rows[0].total) : undefined }
}

/** A cue of the page, known by key: a one-word query's hits come from its term rows' seqs. */
type CueKey = { trackId: number; seq: number; videoId: string }

/** KWIC lines of cues known by key, in the keys' order. */
async function linesByKey(
  db: Queryable,
  keys: readonly CueKey[],
  tsquery: string,
  configs: readonly string[],
): Promise<Row[]> {
  const params = new Params()
  const locator: Locator = { kind: 'tsquery', tsquery }
  const [answer] = await db.query<{ lines: Row[] | null }>(
    `SELECT json_agg(l ORDER BY l.line) AS lines FROM (
       SELECT k.line, k.video_id, t.lang, c.start_s, c.duration_s, c.text, c.seq, ${vectorColumns(locator, configs, params)},
         ${NEIGHBOUR_TEXT}
       FROM unnest(${params.add(keys.map((k) => k.trackId))}::bigint[], ${params.add(keys.map((k) => k.seq))}::int[],
                   ${params.add(keys.map((k) => k.videoId))}::text[]) WITH ORDINALITY AS k(track_id, seq, video_id, line)
       JOIN corpus_cues c ON c.track_id = k.track_id AND c.seq = k.seq
       JOIN corpus_tracks t ON t.id = k.track_id) AS l`,
    params.values,
  )
  const rows = answer?.lines ?? []
  await placeHits(db, rows, locator)
  return rows
}

/** How many cues of the collection match (one line per matching cue): from the term counts for one plain word. */
export async function countHits(
  db: Queryable,
  collectionId: string,
  q: string,
  match: MatchMode,
  configs: readonly string[],
): Promise<number> {
  const lexemes = await singleWordLexemes(db, q, match, configs)
  if (lexemes) return countWord(db, collectionId, lexemes)
  const params = new Params()
  const collection = params.add(collectionId)
  const { where } = matchClause(q, match, configs, params)
  const [row] = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM collection_videos cv JOIN corpus_cues c ON c.track_id = cv.track_id
     WHERE cv.collection_id = ${collection} AND ${where}`,
    params.values,
  )
  return num(row?.n)
}

const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true })
const reversedWords = (s: string) => s.split(' ').reverse().join(' ')

/** Every hit's line, for sorting by context and for exports; refused past `cap` hits. */
export async function allHits(
  db: Queryable,
  collectionId: string,
  p: Pick<SearchParams, 'q' | 'match'> & { sort: SortOrder },
  configs: readonly string[],
  cap = MAX_CONTEXT_SORTED,
): Promise<KwicHit[]> {
  const order = p.sort === 'video' ? ORDER.video : ORDER.time
  const full = { ...p, limit: cap + 1, offset: 0, count: 'none' as const }
  const { rows, locator } = await pageRows(db, collectionId, full, configs, {
    limit: cap + 1,
    offset: 0,
    order,
  })
  if (rows.length > cap)
    throw invalidQuery(
      p.sort === 'before' || p.sort === 'after' ? 'sort' : 'q',
      `This query finds more than ${cap} cues: narrow q${p.sort === 'before' || p.sort === 'after' ? ', or sort by time or video' : ''}.`,
    )
  const hits = rows.map((r) => toHit(r, locator))
  // Stable sort: equal contexts keep time order.
  if (p.sort === 'before')
    hits.sort((a, b) => collator.compare(reversedWords(a.before), reversedWords(b.before)))
  if (p.sort === 'after') hits.sort((a, b) => collator.compare(a.after, b.after))
  return hits
}

export async function searchCollection(
  db: Queryable,
  collectionId: string,
  p: SearchParams,
  {
    walkVideos = WALK_VIDEOS,
    rareWordCues = RARE_WORD_CUES,
  }: { walkVideos?: number; rareWordCues?: number } = {},
): Promise<SearchResult> {
  const forms = p.sort === 'time' || p.sort === 'video' ? plainWordForms(p.q, p.match) : undefined
  const { configs, collected, wordVectors, wordCues } = await searchScope(db, collectionId, forms)
  // The query is still checked, so a malformed one is refused the same whether or not anything is collected.
  if (!collected) {
    matchClause(p.q, p.match, configs, new Params())
    return { total: p.count === 'exact' ? 0 : null, hits: [], note: NOTHING_COLLECTED }
  }
  if (p.sort === 'before' || p.sort === 'after') {
    const hits = (await allHits(db, collectionId, p, configs)).slice(p.offset, p.offset + p.limit)
    return {
      total: p.count === 'exact' ? await countHits(db, collectionId, p.q, p.match, configs) : null,
      hits,
    }
  }
  const window = { limit: p.limit, offset: p.offset, order: ORDER[p.sort] }
  const lexemes = forms && configs.some(isTextSearchConfig) ? lexemesOf(wordVectors) : undefined
  if (lexemes && !lexemes.length) return { total: p.count === 'exact' ? 0 : null, hits: [] }
  if (!lexemes) {
    const withTotal = p.count === 'exact'
    const page = await pageRows(db, collectionId, p, configs, { ...window, withTotal })
    // A page past the last hit has no row to carry the total: it is counted apart.
    const total = withTotal
      ? (page.total ?? (await countHits(db, collectionId, p.q, p.match, configs)))
      : null
    return { total, hits: page.rows.map((r) => toHit(r, page.locator)) }
  }
  // One plain word: its term rows give the total, the tracks of the page's hits and their cues' seqs, read by key.
  const found = await pageTracks(db, collectionId, lexemes, p.sort, {
    ...p,
    withTotal: p.count === 'exact',
    // A rare word's few tracks are found through their term rows at once; a common word's in the collection's order.
    walkVideos: wordCues < rareWordCues ? 0 : walkVideos,
  })
  const skip = p.offset - found.hitsBefore
  const keys = found.tracks
    .flatMap((trackId, i) => found.seqs[i]!.map((seq) => ({ trackId, seq, videoId: found.videoIds[i]! })))
    .slice(skip, skip + p.limit)
  if (!keys.length) return { total: found.total, hits: [] }
  const tsquery = matchClause(p.q, p.match, configs, new Params()).locator
  const rows = await linesByKey(db, keys, tsquery.kind === 'tsquery' ? tsquery.tsquery : '', configs)
  return { total: found.total, hits: rows.map((r) => toHit(r, tsquery)) }
}
