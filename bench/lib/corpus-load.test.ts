import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Queryable } from '#server/db/database.ts'
import { openDatabase } from '#server/db/open-database.ts'
import { corpusGenerator } from './corpus-generator.ts'
import { BENCH_COLLECTION_ID, loadCorpus, type LoadReport } from './corpus-load.ts'
import { searchConfigs, countHits, searchCollection } from '#server/collections/search/search-collection.ts'
import { memoryCorpus, scanAnswer } from './corpus-memory-scan.ts'
import { timeHttpSearch } from './corpus-http.ts'

const openInMemory = () =>
  openDatabase(
    {
      databaseUrl: undefined,
      dataDir: ':memory:',
      timeoutMs: 60_000,
      poolSize: 1,
      pgliteTemplate: undefined,
    },
    () => undefined,
  )

const firstPage = (db: Database, q: string, limit: number) =>
  searchCollection(db, BENCH_COLLECTION_ID, {
    q,
    match: 'words',
    sort: 'time',
    limit,
    offset: 0,
    count: 'exact',
  })

describe('loadCorpus and the timed search, on PGlite', () => {
  let db: Database
  let report: LoadReport
  const inMemory = memoryCorpus()

  beforeAll(async () => {
    db = await openInMemory()
    report = await loadCorpus(db, corpusGenerator(), { videos: 12, keep: inMemory.keep })
  }, 60_000)
  afterAll(() => db?.close())

  it('stores every generated cue under one collection, and builds the GIN index after the load', async () => {
    expect(report.cues).toBe(inMemory.cues)
    const [cues] = await db.query<{ n: unknown }>('SELECT count(*)::int AS n FROM corpus_cues')
    expect(Number(cues!.n)).toBe(report.cues)
    const [videos] = await db.query<{ n: unknown }>(
      `SELECT count(*)::int AS n FROM collection_videos WHERE collection_id = $1 AND track_state = 'collected'`,
      [BENCH_COLLECTION_ID],
    )
    expect(Number(videos!.n)).toBe(12)
    const index = await db.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'corpus_cues_tsv'`)
    expect(index).toHaveLength(1)
    const [music] = await db.query<{ n: unknown }>(
      `SELECT count(*)::int AS n FROM corpus_cues WHERE sounds @> '{music}' AND text NOT LIKE '%[Music]%'`,
    )
    expect(Number(music!.n)).toBe(0)
    expect(report.sizeBytes).toBeGreaterThan(0)
  })

  it('fills each track’s lexeme counts as storeTrack does', async () => {
    const [row] = await db.query<{ n: unknown }>(
      `SELECT count(DISTINCT track_id)::int AS n FROM corpus_track_terms`,
    )
    expect(Number(row!.n)).toBe(12)
    expect(report.termsMs).toBeGreaterThan(0)
  })

  it('gives the product search the same answer as the in-memory scan: first page as KWIC lines, exact total', async () => {
    const configs = await searchConfigs(db, BENCH_COLLECTION_ID)
    expect(configs).toContain('english')
    // More hits than the page for the word, a few for the phrase (read through the GIN index).
    for (const [q, pattern, atLeast] of [
      ['people', /\bpeople\b/i, 11],
      ['"metro station"', /\bmetro station\b/i, 1],
    ] as const) {
      const scan = scanAnswer(inMemory, pattern, 10)
      expect(scan.total).toBeGreaterThanOrEqual(atLeast)
      expect(await countHits(db, BENCH_COLLECTION_ID, q, 'words', configs)).toBe(scan.total)
      const answer = await firstPage(db, q, 10)
      expect(answer.total).toBe(scan.total)
      expect(
        answer.hits.map(({ videoId, seq, before, hit, after }) => ({ videoId, seq, before, hit, after })),
      ).toEqual(scan.hits)
    }
  })

  it('answers the same through GET …/search, page and count asked as the view asks them (timeHttpSearch)', async () => {
    const probes = [
      { key: 'common', q: 'people', pattern: /\bpeople\b/i },
      { key: 'phrase', q: '"metro station"', pattern: /\bmetro station\b/i },
    ]
    const timed = await timeHttpSearch(db, BENCH_COLLECTION_ID, probes, { warmUp: 1, runs: 2, limit: 10 })
    for (const [i, { pattern }] of probes.entries()) {
      const scan = scanAnswer(inMemory, pattern, 10)
      expect(timed[i]!.total).toBe(scan.total)
      expect(timed[i]!.page).toEqual(scan.hits.map(({ videoId, seq }) => ({ videoId, seq })))
      expect(timed[i]!.bothMs).toHaveLength(2)
      expect(timed[i]!.pageMs).toHaveLength(2)
    }
    // The function over the bench's database leaves it open for the next probes.
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
  })

  it('answers the word and phrase searches from the GIN index: the statements the product runs, EXPLAINed', async () => {
    // Every statement the product's search sends, with its parameters, as the database receives it.
    const ran: { sql: string; params: readonly unknown[] }[] = []
    const recording: Queryable = {
      query: (sql, params = []) => (ran.push({ sql, params }), db.query(sql, params)),
    }
    const page = { match: 'words', sort: 'time', limit: 10, offset: 0, count: 'exact' } as const
    // A word is read from its term rows, its cues by key: no statement matches text.
    await searchCollection(recording, BENCH_COLLECTION_ID, { ...page, q: 'people' })
    expect(ran.length).toBeGreaterThan(0)
    expect(ran.filter((r) => /@@/.test(r.sql))).toEqual([])
    // A phrase is matched in SQL.
    await searchCollection(recording, BENCH_COLLECTION_ID, { ...page, q: '"metro station"' })
    const matching = ran.filter((r) => /c\.tsv @@ to_tsquery\(/.test(r.sql))
    expect(matching.length).toBeGreaterThanOrEqual(1)
    await db.exec('SET enable_seqscan = off') // a dozen videos are small enough for a scan to look cheaper
    try {
      for (const { sql, params } of matching) {
        const plan = await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params)
        expect(plan.map((r) => Object.values(r)[0]).join('\n'), sql).toMatch(/corpus_cues_tsv/)
      }
    } finally {
      await db.exec('RESET enable_seqscan')
    }
  })
})

describe('loadCorpus with the index kept during the load', () => {
  it('finds the same hits as when the index is built after', async () => {
    const db = await openInMemory()
    try {
      const inMemory = memoryCorpus()
      const report = await loadCorpus(db, corpusGenerator(), {
        videos: 3,
        indexFirst: true,
        keep: inMemory.keep,
      })
      expect(report.indexMs).toBe(0)
      expect(await db.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'corpus_cues_tsv'`)).toHaveLength(1)
      expect((await firstPage(db, 'people', 1)).total).toBe(scanAnswer(inMemory, /\bpeople\b/i).total)
    } finally {
      await db.close()
    }
  }, 60_000)
})
