import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { describe } from 'vitest'
import type { Database } from '../../db/database.ts'
import { migrate } from '../../db/migrate.ts'
import { MIGRATIONS } from '../../db/migrations/index.ts'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HELPER_DATA_DIR, openPglite } from '../../db/pglite-engine.ts'
import { insertTracks, prepareTrack, type TrackToStore } from '../store-track.ts'
import { PROBE_TEXTS, vectorCheck } from './cue-vector-check.ts'
import { cueVectorWorker, type CueVectors } from './cue-vector-worker.ts'

const items = (lang: string, texts: string[]) =>
  texts.map((text, i) => ({ text, offset: i * 2.5, duration: 2.5, lang }))

/** Tracks in several configurations, with markers, entities, rolling repeats and non-Latin scripts. */
const TRACKS: TrackToStore[] = [
  [
    'en',
    ['[Music]', 'we&amp;#39;re running late', 'we&amp;#39;re running late\nthe runners ran', ...PROBE_TEXTS],
  ],
  ['de', ['Die Läufer liefen schnell', 'Straße und Größe [Applaus]']],
  ['ru', ['Бегущие люди в Москве', 'большие дома']],
  ['ja', ['東京の駅で会いましょう', '[音楽]']],
  ['en', []],
].map(([lang, texts], i) => ({
  source: 'demo',
  videoId: `vid${String(i).padStart(9, '0')}`,
  langAsked: '',
  mode: 'default',
  costMicro: 530,
  fetchedAt: 1_764_000_000_000,
  items: items(lang as string, texts as string[]),
}))

const withBody = (t: TrackToStore, videoId: string): TrackToStore => ({
  ...t,
  videoId,
  body: JSON.stringify(t.items),
})

describe('the cue worker', () => {
  let db: Database
  let worker: CueVectors | undefined
  const logs: string[] = []
  beforeEach(async () => {
    db = await openPglite({ dataDir: ':memory:', timeoutMs: 30_000, template: process.env.PGLITE_TEMPLATE })
    await migrate(db)
  })
  afterEach(async () => {
    await worker?.close()
    await db.close()
    logs.length = 0
  })

  /** Asks until the worker has started and passed its check (an ask waits for its start; tries again after a failure). */
  async function ready(w: CueVectors): Promise<void> {
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      if (await w.track({ body: '[]', langAsked: 'en', installed: ['simple'] })) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`the worker did not get ready: ${logs.join('; ')}`)
  }

  const stored = (videoIds: string[]) =>
    db.query<{ video_id: string; seq: number; text: string; sounds: string[]; tsv: string; start_s: number }>(
      `SELECT t.video_id, c.seq, c.text, c.sounds, c.tsv::text AS tsv, c.start_s FROM corpus_cues c
       JOIN corpus_tracks t ON t.id = c.track_id WHERE t.video_id = ANY($1) ORDER BY t.video_id, c.seq`,
      [videoIds],
    )
  const terms = (videoIds: string[]) =>
    db.query<{ video_id: string; lexeme: string; cues: number; cfg: string; seqs: number[] }>(
      `SELECT t.video_id, tt.lexeme, tt.cues::int AS cues, tt.cfg::text AS cfg, tt.seqs FROM corpus_track_terms tt
       JOIN corpus_tracks t ON t.id = tt.track_id WHERE t.video_id = ANY($1) ORDER BY t.video_id, tt.lexeme`,
      [videoIds],
    )

  it(
    'stores the same cues, vectors and word counts as the database computes on its own thread',
    { timeout: 60_000 },
    async () => {
      worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l) })
      await ready(worker)
      const here = TRACKS.map((t, i) => withBody(t, `here${String(i).padStart(7, '0')}`))
      const there = TRACKS.map((t, i) => withBody(t, `work${String(i).padStart(7, '0')}`))
      const inThread = await Promise.all(here.map((t) => prepareTrack(db, t)))
      const inWorker = await Promise.all(there.map((t) => prepareTrack(db, t, worker)))
      // The worker's answers carry vectors and word counts (the empty track has none to carry).
      expect(inWorker.filter((t) => t.columns.vectors && t.columns.terms)).toHaveLength(TRACKS.length - 1)
      expect(inThread.filter((t) => t.columns.vectors || t.columns.terms)).toHaveLength(0)
      await db.transaction((tx) =>
        insertTracks(tx, [...inThread.slice(0, 2), ...inWorker, ...inThread.slice(2)]),
      )

      const strip = <T extends { video_id: string }>(rows: T[]) =>
        rows.map(({ video_id, ...rest }) => ({ track: video_id.slice(4), ...rest }))
      const ids = (p: string) => TRACKS.map((_, i) => `${p}${String(i).padStart(7, '0')}`)
      const mine = await stored(ids('here'))
      expect(mine.length).toBeGreaterThan(15)
      expect(strip(await stored(ids('work')))).toEqual(strip(mine))
      const counts = await terms(ids('here'))
      expect(counts.length).toBeGreaterThan(20)
      expect(strip(await terms(ids('work')))).toEqual(strip(counts))
      // What ts_stat reads from the stored vectors, track by track: the worker's counts are the same.
      const [{ differ }] = (await db.query<{ differ: number }>(
        `SELECT count(*)::int AS differ FROM corpus_tracks t, LATERAL ts_stat('SELECT tsv FROM corpus_cues WHERE track_id = ' || t.id) s
       WHERE NOT EXISTS (SELECT 1 FROM corpus_track_terms tt WHERE tt.track_id = t.id AND tt.lexeme = s.word AND tt.cues = s.ndoc)`,
      )) as [{ differ: number }]
      expect(differ).toBe(0)
      // Each lexeme's seqs are the cues whose stored vector holds it, ascending, as many as its count.
      const [{ misplaced }] = (await db.query<{ misplaced: number }>(
        `SELECT count(*)::int AS misplaced FROM corpus_track_terms tt
         WHERE cardinality(tt.seqs) <> tt.cues OR tt.seqs IS DISTINCT FROM (
           SELECT array_agg(c.seq ORDER BY c.seq) FROM corpus_cues c, unnest(c.tsv) AS u
           WHERE c.track_id = tt.track_id AND u.lexeme = tt.lexeme)`,
      )) as [{ misplaced: number }]
      expect(misplaced).toBe(0)
      expect(counts.some((c) => c.seqs.length > 1)).toBe(true)
      // Found by the search's own query, markers apart from the words.
      const [{ n }] = (await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM corpus_cues c JOIN corpus_tracks t ON t.id = c.track_id
       WHERE t.video_id LIKE 'work%' AND c.tsv @@ to_tsquery('english', 'run')`,
      )) as [{ n: number }]
      expect(n).toBeGreaterThan(0)
      expect(logs).toEqual([])
    },
  )

  it('is not used when its text search differs from the database’s: the database computes the vectors', async () => {
    worker = cueVectorWorker({ check: async () => false, log: (l) => logs.push(l) })
    const t = withBody(TRACKS[0]!, 'diff0000001')
    for (let i = 0; i < 50 && !logs.length; i++) {
      expect(await worker.track({ body: t.body!, langAsked: '', installed: ['english'] })).toBeUndefined()
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(logs.join('\n')).toMatch(/text search differs/)
    expect(await worker.track({ body: t.body!, langAsked: '', installed: ['english'] })).toBeUndefined()
    const prepared = await prepareTrack(db, t, worker)
    expect(prepared.columns.vectors).toBeUndefined()
    await db.transaction((tx) => insertTracks(tx, [prepared]))
    expect((await stored(['diff0000001'])).every((c) => c.tsv !== null)).toBe(true)
  })

  it('passes its check against the same engine, and answers a refused track with undefined', async () => {
    worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l) })
    await ready(worker)
    expect(await worker.track({ body: 'not json', langAsked: '', installed: ['simple'] })).toBeUndefined()
    expect(logs.join('\n')).toMatch(/refused a track/)
  })

  it(
    'starts ahead of the first track when warmed, so that track is prepared there',
    { timeout: 60_000 },
    async () => {
      worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l) })
      worker.warm()
      for (let i = 0; i < 300 && !worker.isReady(); i++) await new Promise((r) => setTimeout(r, 100))
      // Nothing was asked of it before: the first track is already prepared there.
      const prepared = await prepareTrack(db, withBody(TRACKS[1]!, 'warm0000001'), worker)
      expect(prepared?.columns.vectors).toBeDefined()
      expect(logs).toEqual([])
    },
  )

  it('a worker that cannot start leaves the work to the caller, and is given up after three tries', async () => {
    // Its own log: a worker of an earlier test still stopping cannot add to it.
    const own: string[] = []
    worker = cueVectorWorker({
      check: vectorCheck(db),
      log: (l) => own.push(l),
      entryModule: '/nonexistent/cue-worker.mjs',
    })
    const t = withBody(TRACKS[1]!, 'fail0000001')
    for (let i = 0; i < 50 && own.length < 3; i++) {
      worker.warm()
      expect((await prepareTrack(db, t, worker)).columns.vectors).toBeUndefined()
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(own).toHaveLength(3)
    expect(own.every((l) => /cue worker (could not start|stopped)/.test(l))).toBe(true)
    worker.warm()
    expect(await worker.track({ body: '[]', langAsked: '', installed: [] })).toBeUndefined()
    expect(worker.isStarting()).toBe(false)
    // A worker started after those asks has already failed to start: a start they had made would have too.
    const later: string[] = []
    const control = cueVectorWorker({
      check: vectorCheck(db),
      log: (l) => later.push(l),
      entryModule: '/nonexistent/cue-worker.mjs',
    })
    try {
      control.warm()
      await vi.waitFor(() => expect(later).toHaveLength(1), { timeout: 10_000 })
    } finally {
      await control.close()
    }
    expect(own).toHaveLength(3) // given up: not started again
  })

  it('a worker that never gets ready is stopped after startTimeoutMs, as a failed start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cue-worker-hang-'))
    const entryModule = join(dir, 'hangs.mjs')
    writeFileSync(entryModule, 'setInterval(() => {}, 1000) // alive, never ready\n')
    try {
      worker = cueVectorWorker({
        check: vectorCheck(db),
        log: (l) => logs.push(l),
        entryModule,
        startWaitMs: 50,
        startTimeoutMs: 300,
      })
      // Waits its 50 ms for the start, then is prepared here.
      expect(
        (await prepareTrack(db, withBody(TRACKS[1]!, 'hang0000001'), worker)).columns.vectors,
      ).toBeUndefined()
      expect(worker.isStarting()).toBe(true)
      for (let i = 0; i < 50 && !logs.length; i++) await new Promise((r) => setTimeout(r, 50))
      expect(logs).toEqual([
        "[collect] cue worker stopped (it was not ready 0.3 s after its start); cues are prepared on the function's thread",
      ])
      expect(worker.isStarting()).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stops when idle and starts again when asked', { timeout: 60_000 }, async () => {
    worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l), idleMs: 300 })
    await ready(worker)
    await new Promise((r) => setTimeout(r, 600))
    expect(worker.isReady()).toBe(false)
    // Stopped: the first ask after starts it again and waits for it.
    const asked = worker.track({ body: '[]', langAsked: '', installed: ['simple'] })
    expect(worker.isStarting()).toBe(true)
    expect(await asked).toMatchObject({ cfg: 'simple', columns: { count: 0 } })
    expect(logs).toEqual([])
  })

  it(
    'a track asked while the worker starts waits for it and is prepared there, not on the caller’s thread',
    { timeout: 60_000 },
    async () => {
      worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l) })
      expect(worker.isStarting()).toBe(false)
      const tracks = [0, 1, 2].map((i) => prepareTrack(db, withBody(TRACKS[i]!, `wait000000${i}`), worker))
      for (const prepared of await Promise.all(tracks)) expect(prepared.columns.vectors).toBeDefined()
      expect(worker.isStarting()).toBe(false)
      expect(worker.isReady()).toBe(true)
      expect(logs).toEqual([])
    },
  )

  it('a worker slower to start than startWaitMs leaves the track to the caller, and is used once ready', async () => {
    worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l), startWaitMs: 1 })
    const first = await prepareTrack(db, withBody(TRACKS[1]!, 'slow0000001'), worker)
    expect(first.columns.vectors).toBeUndefined() // prepared here: the database computes its vectors
    expect(worker.isStarting()).toBe(true)
    await ready(worker)
    expect(
      (await prepareTrack(db, withBody(TRACKS[1]!, 'slow0000002'), worker)).columns.vectors,
    ).toBeDefined()
    expect(logs).toEqual([])
  })
})

it(
  'on disk, the worker opens the empty cluster kept when the database was created, not one of its own',
  { timeout: 120_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cue-worker-'))
    const logs: string[] = []
    const db = await openPglite({ dataDir, timeoutMs: 60_000 })
    let worker: CueVectors | undefined
    try {
      await migrate(db)
      const helper = join(dataDir, HELPER_DATA_DIR, 'pglite')
      // Kept as created, before any migration: an empty cluster.
      expect(existsSync(join(helper, 'PG_VERSION'))).toBe(true)
      worker = cueVectorWorker({ check: vectorCheck(db), log: (l) => logs.push(l), dataDir })
      worker.warm()
      for (let i = 0; i < 600 && !worker.isReady(); i++) await new Promise((r) => setTimeout(r, 100))
      expect(worker.isReady()).toBe(true)
      const prepared = await prepareTrack(db, withBody(TRACKS[0]!, 'disk0000001'), worker)
      expect(prepared.columns.vectors).toBeDefined()
      expect(logs).toEqual([])
    } finally {
      await worker?.close()
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
)

it('migration 9 keeps the stored vectors and makes the writer supply them', async () => {
  const db = await openPglite({ dataDir: ':memory:', timeoutMs: 30_000 })
  try {
    await migrate(db, MIGRATIONS.slice(0, 8))
    await db.exec(`INSERT INTO corpus_tracks (id, source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
      VALUES (7, 'demo', 'vidOld000000', 'en', 'default', 'en', 'english', 1, 1, 0);
      INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg) VALUES (7, 0, 0, 1, 'Running [Music] people', 'english')`)
    expect((await migrate(db))[0]).toBe(9)
    const [row] = await db.query<{ tsv: string; generated: string }>(
      `SELECT c.tsv::text AS tsv, (SELECT attgenerated FROM pg_attribute WHERE attrelid = 'corpus_cues'::regclass AND attname = 'tsv') AS generated
       FROM corpus_cues c WHERE track_id = 7`,
    )
    expect(row).toEqual({ tsv: "'peopl':2 'run':1", generated: '' })
    await expect(
      db.query(
        `INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg) VALUES (7, 1, 1, 1, 'x', 'english')`,
      ),
    ).rejects.toThrow(/null value in column "tsv"/)
  } finally {
    await db.close()
  }
})
