import { expect, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { migrate } from '#server/db/migrate.ts'
import { MIGRATIONS } from '#server/db/migrations/index.ts'
import { openPglite } from '#server/db/pglite-engine.ts'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import {
  allHits,
  searchConfigs,
  countHits,
  searchCollection,
  type SearchParams,
} from './search-collection.ts'
import { singleWordLexemes, WALK_VIDEOS } from './term-counts.ts'
import { createCollection, openCorpusDatabase, type FixtureVideo } from './testing/corpus-fixture.ts'

const ID = 'c_terms'
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo']

/** Four English videos of 40 cues whose words follow a fixed pattern: some words in most cues, some in few. */
function videos(): FixtureVideo[] {
  return [0, 1, 2, 3].map((v) => ({
    videoId: `vidTerms00${v}`,
    title: ['Zulu', 'yankee', 'Xray', 'whiskey'][v],
    track: {
      lang: 'en',
      cues: Array.from({ length: 40 }, (_, i) => ({
        text: WORDS.filter((_, w) => (i * (v + 2) + w * 7) % (w + 2) === 0).join(' ') || 'nothing here',
        offset: i * 2,
        duration: 2,
      })),
    },
  }))
}

const params = (q: string, over: Partial<SearchParams> = {}): SearchParams => ({
  q,
  match: 'words',
  sort: 'time',
  limit: 7,
  offset: 0,
  count: 'exact',
  ...over,
})
const where = (hits: { videoId: string; seq: number }[]) => hits.map((h) => `${h.videoId}#${h.seq}`)

describeOnEngines('corpus search from the term counts', (engine) => {
  async function corpus(): Promise<Database> {
    const db = await openCorpusDatabase(engine)
    await createCollection(db, ID, videos())
    return db
  }

  it('answers a plain word with the total and every page the full-text index gives, walking tracks or not', async () => {
    const db = await corpus()
    const configs = await searchConfigs(db, ID)
    for (const sort of ['time', 'video'] as const) {
      for (const word of ['alpha', 'bravo', 'echo', 'Charlie']) {
        // The reference: every hit through the GIN index, in the page's order.
        const every = await allHits(db, ID, { q: `"${word}"`, match: 'words', sort }, configs)
        expect(every.length).toBeGreaterThan(7)
        expect(await countHits(db, ID, word, 'words', configs)).toBe(every.length)
        for (let offset = 0; offset <= every.length + 7; offset += 5) {
          const expected = where(every.slice(offset, offset + 7))
          // Through the term rows in the collection's order, or the word taken as rare: its tracks found at once.
          for (const rareWordCues of [0, 1_000_000]) {
            const r = await searchCollection(db, ID, params(word, { sort, offset }), { rareWordCues })
            expect(r.total).toBe(every.length)
            expect(where(r.hits)).toEqual(expected)
          }
          // The page looked for among the first videos in order (none: the join alone), sure of it or not.
          for (const walkVideos of [0, 1, 2, 3, WALK_VIDEOS]) {
            for (const count of ['exact', 'none'] as const) {
              const r = await searchCollection(db, ID, params(word, { sort, offset, count }), {
                walkVideos,
                rareWordCues: 0,
              })
              expect(r.total, `walk ${walkVideos}`).toBe(count === 'exact' ? every.length : null)
              expect(where(r.hits), `walk ${walkVideos}, ${sort}, offset ${offset}`).toEqual(expected)
            }
          }
        }
      }
    }
  })

  it('makes one lexeme per configuration of a plain word only', async () => {
    const db = await corpus()
    const lexemes = (q: string, match: 'words' | 'substring' = 'words') =>
      singleWordLexemes(db, q, match, ['english', 'simple'])
    expect(await lexemes('Running')).toEqual(
      expect.arrayContaining([
        { cfg: 'english', lexeme: 'run' },
        { cfg: 'simple', lexeme: 'running' },
      ]),
    )
    // A stop word of English is a word of simple.
    expect(await lexemes('the')).toEqual([{ cfg: 'simple', lexeme: 'the' }])
    for (const q of ['"metro station"', 'metro*', 'metro -bus', 'metro bus', '[music]', 'e-mail'])
      expect(await lexemes(q), q).toBeUndefined()
    expect(await lexemes('metro', 'substring')).toBeUndefined()
  })

  it('counts nothing for a word no track holds, and a page past the last hit is empty', async () => {
    const db = await corpus()
    expect(await searchCollection(db, ID, params('foxtrot'))).toEqual({ total: 0, hits: [] })
    const past = await searchCollection(db, ID, params('alpha', { offset: 10_000 }))
    expect(past.hits).toEqual([])
    expect(past.total).toBe(await countHits(db, ID, '"alpha"', 'words', await searchConfigs(db, ID)))
  })

  it('stores each lexeme’s cue count with the track', async () => {
    const db = await corpus()
    const rows = await db.query<{ lexeme: string; cues: unknown; gin: unknown }>(
      `SELECT tt.lexeme, tt.cues,
         (SELECT count(*) FROM corpus_cues c WHERE c.track_id = tt.track_id AND c.tsv @@ quote_literal(tt.lexeme)::tsquery) AS gin
       FROM corpus_track_terms tt JOIN collection_videos cv ON cv.track_id = tt.track_id
       WHERE cv.collection_id = $1 AND cv.video_id = 'vidTerms001'`,
      [ID],
    )
    expect(rows.map((r) => r.lexeme)).toEqual(expect.arrayContaining(['alpha', 'charli', 'noth']))
    for (const r of rows) expect(Number(r.cues), r.lexeme).toBe(Number(r.gin))
  })
})

it('migrations 0005, 0007 and 0014 count the lexemes of tracks stored before them, each with its configuration and cues', async () => {
  const old = await openPglite({ dataDir: ':memory:', timeoutMs: 20_000 })
  try {
    await migrate(old, MIGRATIONS.slice(0, 4))
    await old.exec(`INSERT INTO corpus_tracks (id, source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
      VALUES (7, 'demo', 'vidOld000000', 'en', 'default', 'en', 'english', 2, 1, 0);
      INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg) VALUES
      (7, 0, 0, 1, 'old people', 'english'), (7, 1, 1, 1, 'people again', 'english')`)
    expect((await migrate(old))[0]).toBe(5)
    const rows = await old.query<{ lexeme: string; cues: unknown; cfg: string; seqs: number[] }>(
      'SELECT lexeme, cues, cfg::text AS cfg, seqs FROM corpus_track_terms WHERE track_id = 7 ORDER BY lexeme',
    )
    expect(rows.map((r) => [r.lexeme, Number(r.cues), r.cfg, r.seqs])).toEqual([
      ['old', 1, 'english', [0]],
      ['peopl', 2, 'english', [0, 1]],
    ])
  } finally {
    await old.close()
  }
})
