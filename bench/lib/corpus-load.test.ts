import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { openDatabase } from '#server/db/open-database.ts'
import { corpusGenerator } from './corpus-generator.ts'
import { BENCH_COLLECTION_ID, loadCorpus, type LoadReport } from './corpus-load.ts'
import { memoryCorpus, scanCorpus } from './corpus-memory-scan.ts'
import { collectionConfigs, countHits, firstHits } from './corpus-search-sql.ts'

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

  it('counts as many hits as the in-memory scan finds, and returns the first page in collection order', async () => {
    const configs = await collectionConfigs(db, BENCH_COLLECTION_ID)
    expect(configs).toContain('english')
    const total = await countHits(db, BENCH_COLLECTION_ID, configs, `'people'`)
    const scan = scanCorpus(inMemory, /\bpeople\b/i, 10)
    expect(total).toBeGreaterThan(10)
    expect(total).toBe(scan.total)
    const rows = await firstHits(db, BENCH_COLLECTION_ID, configs, `'people'`, 10)
    expect(rows.map((r) => ({ videoId: r.video_id, seq: Number(r.seq) }))).toEqual(scan.hits)
    for (const r of rows) {
      expect(r.marked?.toLowerCase()).toContain('\u0002people\u0003')
      expect(typeof r.next_text === 'string' || r.next_text === null).toBe(true)
    }
  })

  it('answers the word search from the GIN index', async () => {
    await db.exec('SET enable_seqscan = off') // a dozen videos are small enough for a scan to look cheaper
    const plan = await db.query<Record<string, string>>(
      `EXPLAIN SELECT count(*) FROM corpus_cues c WHERE c.cfg = 'english'::regconfig AND c.tsv @@ to_tsquery('english'::regconfig, 'people')`,
    )
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/corpus_cues_tsv/)
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
      const configs = await collectionConfigs(db, BENCH_COLLECTION_ID)
      expect(await countHits(db, BENCH_COLLECTION_ID, configs, `'people'`)).toBe(
        scanCorpus(inMemory, /\bpeople\b/i).total,
      )
    } finally {
      await db.close()
    }
  }, 60_000)
})
