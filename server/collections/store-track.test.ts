import { beforeEach, expect, it } from 'vitest'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import { num, type Database } from '#server/db/database.ts'
import { openCorpusDatabase } from './search/testing/corpus-fixture.ts'
import {
  discardCuesAhead,
  insertTracks,
  prepareTrack,
  storeTrack,
  sweepCuesAhead,
  writeCuesAhead,
  type TrackToStore,
} from './store-track.ts'

const item = (text: string, offset: number, duration = 1, lang = 'en') => ({ text, offset, duration, lang })

const track = (over: Partial<TrackToStore> = {}): TrackToStore => ({
  source: 'demo',
  videoId: 'dQw4w9WgXcQ',
  langAsked: '',
  mode: 'default',
  costMicro: 530,
  fetchedAt: 1_764_000_000_000,
  items: [
    item('[Music]', 0, 14.65),
    item('we&amp;#39;re no strangers to', 18.8, 7.239),
    item('we&amp;#39;re no strangers to love', 26.039, 2),
  ],
  ...over,
})

describeOnEngines('storeTrack', (engine) => {
  let db: Database
  beforeEach(async () => {
    db = await openCorpusDatabase(engine)
  })

  const cues = (trackId: number) =>
    db.query<{
      seq: number
      start_s: number
      duration_s: number
      text: string
      sounds: string[]
      tsv: string
    }>(
      'SELECT seq, start_s, duration_s, text, sounds, tsv::text AS tsv FROM corpus_cues WHERE track_id = $1 ORDER BY seq',
      [trackId],
    )

  it('stores the cleaned cues with the language’s configuration, the received language and what it cost', async () => {
    const id = await storeTrack(db, track())
    const [row] = await db.query<Record<string, unknown>>(
      'SELECT video_id, lang_asked, mode, lang, cfg::text AS cfg, cue_count, fetched_at, cost_micro FROM corpus_tracks WHERE id = $1',
      [id],
    )
    expect({
      ...row,
      cue_count: num(row!.cue_count),
      fetched_at: num(row!.fetched_at),
      cost_micro: num(row!.cost_micro),
    }).toEqual({
      video_id: 'dQw4w9WgXcQ',
      lang_asked: '',
      mode: 'default',
      lang: 'en',
      cfg: 'english',
      cue_count: 3,
      fetched_at: 1_764_000_000_000,
      cost_micro: 530,
    })
    const stored = await cues(id)
    expect(stored.map((c) => [c.seq, num(c.start_s), num(c.duration_s), c.text, c.sounds])).toEqual([
      [0, 0, 14.65, '[Music]', ['music']],
      [1, 18.8, 7.239, "we're no strangers to", []],
      [2, 26.039, 2, 'love', []],
    ])
    // The index holds the words, stemmed, and not the sound markers.
    expect(stored[0]!.tsv).toBe('')
    expect(stored[1]!.tsv).toContain("'stranger'")
  })

  it('is idempotent on its key: the same track again returns the same id and adds no cue', async () => {
    const first = await storeTrack(db, track())
    const again = await storeTrack(db, track({ items: [item('something else', 0)] }))
    const [both] = await Promise.all([storeTrack(db, track()), storeTrack(db, track())])
    expect(again).toBe(first)
    expect(both).toBe(first)
    expect(await cues(first)).toHaveLength(3)
    const other = await storeTrack(db, track({ mode: 'force-whisper' }))
    expect(other).not.toBe(first)
    const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM corpus_tracks')
    expect(num(count!.n)).toBe(2)
  })

  it('falls back to simple where Postgres has no stemmer, and follows the cues’ language over the asked one', async () => {
    const ja = await storeTrack(
      db,
      track({ videoId: 'jaVideo0000', items: [item('地下鉄の駅', 0, 1, 'ja')] }),
    )
    const gb = await storeTrack(
      db,
      track({ videoId: 'gbVideo0000', langAsked: 'fr', items: [item('running', 0, 1, 'en-GB')] }),
    )
    const rows = await db.query<{ id: unknown; lang: string; cfg: string }>(
      'SELECT id, lang, cfg::text AS cfg FROM corpus_tracks ORDER BY id',
    )
    expect(rows.map((r) => [num(r.id), r.lang, r.cfg])).toEqual([
      [ja, 'ja', 'simple'],
      [gb, 'en-GB', 'english'],
    ])
  })

  it('stores a long track in parts, all in order', async () => {
    const items = Array.from({ length: 12_345 }, (_, i) => item(`word${i} metro`, i * 2, 1.5))
    const id = await storeTrack(db, track({ items }))
    const [agg] = await db.query<{ n: unknown; last: unknown; t: unknown }>(
      'SELECT count(*) AS n, max(seq) AS last, max(start_s) AS t FROM corpus_cues WHERE track_id = $1',
      [id],
    )
    expect([num(agg!.n), num(agg!.last), num(agg!.t)]).toEqual([12_345, 12_344, 24_688])
  })

  it('stores nothing when a cue cannot be written: the track and its cues are one transaction', async () => {
    const failing: Database = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: (sql, params) =>
              sql.includes('INSERT INTO corpus_cues')
                ? Promise.reject(new Error('disk full'))
                : tx.query(sql, params),
          }),
        ),
    }
    await expect(storeTrack(failing, track())).rejects.toThrow('disk full')
    const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM corpus_tracks')
    expect(num(count!.n)).toBe(0)
    expect(await storeTrack(db, track())).toBeGreaterThan(0)
  })

  it('stores several tracks in one call: each new one with its cues, a repeat and a stored one under their existing id', async () => {
    const stored = await storeTrack(db, track({ videoId: 'aaaaaaaaaaa' }))
    const batch = await Promise.all(
      [
        track({ videoId: 'bbbbbbbbbbb' }),
        track({ videoId: 'aaaaaaaaaaa', items: [item('not kept', 0)] }),
        track({ videoId: 'ccccccccccc', items: [item('hola mundo', 0, 1, 'es')] }),
        track({ videoId: 'bbbbbbbbbbb' }),
      ].map((t) => prepareTrack(db, t)),
    )
    const ids = await db.transaction((tx) => insertTracks(tx, batch))
    expect(ids[1]).toBe(stored)
    expect(ids[3]).toBe(ids[0])
    expect(new Set([stored, ids[0], ids[2]]).size).toBe(3)
    expect((await cues(stored)).map((c) => c.text)).toEqual((await cues(ids[0]!)).map((c) => c.text))
    expect((await cues(ids[2]!)).map((c) => c.text)).toEqual(['hola mundo'])
    const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM corpus_tracks')
    expect(num(count!.n)).toBe(3)
    // Each new track's word counts, written for the whole batch in one statement: its own cues', in its configuration.
    for (const id of [ids[0]!, ids[2]!]) {
      const terms = await db.query<{ lexeme: string; cues: unknown; cfg: string }>(
        'SELECT lexeme, cues, cfg::text AS cfg FROM corpus_track_terms WHERE track_id = $1 ORDER BY lexeme',
        [id],
      )
      const expected = await db.query<{ word: string; ndoc: unknown; cfg: string }>(
        `SELECT s.word, s.ndoc, (SELECT cfg::text FROM corpus_tracks WHERE id = $1) AS cfg
         FROM ts_stat('SELECT tsv FROM corpus_cues WHERE track_id = ' || $1::bigint) AS s ORDER BY s.word`,
        [id],
      )
      expect(terms.length).toBeGreaterThan(0)
      expect(terms.map((t) => [t.lexeme, num(t.cues), t.cfg])).toEqual(
        expected.map((e) => [e.word, num(e.ndoc), e.cfg]),
      )
    }
  })

  const counts = async () => {
    const [r] = await db.query<Record<string, unknown>>(
      `SELECT (SELECT count(*) FROM corpus_tracks) AS tracks, (SELECT count(*) FROM corpus_cues) AS cues,
              (SELECT count(*) FROM corpus_cues_pending) AS pending`,
    )
    return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, num(v)]))
  }

  it('written ahead, the cues become a stored track like storeTrack’s, and a track stored meanwhile keeps its own', async () => {
    const reference = await storeTrack(db, track({ videoId: 'rrrrrrrrrrr' }))
    const batch = await Promise.all(
      [
        track({ videoId: 'aaaaaaaaaaa' }),
        track({ videoId: 'bbbbbbbbbbb' }),
        track({ videoId: 'rrrrrrrrrrr' }),
      ].map((t) => prepareTrack(db, t)),
    )
    let pauses = 0
    const ahead = await writeCuesAhead(db, batch, { worker: 'w', until: Date.now() + 60_000 }, async () => {
      pauses++
    })
    // The stored one brings nothing; the two new ones' cues are in, each statement after a pause, none visible.
    expect(ahead.size).toBe(2)
    expect(pauses).toBeGreaterThan(0)
    expect(await counts()).toEqual({ tracks: 1, cues: 9, pending: 2 })
    // Another writer stores b meanwhile.
    const other = await storeTrack(db, track({ videoId: 'bbbbbbbbbbb' }))
    const ids = await db.transaction((tx) => insertTracks(tx, batch, ahead))
    expect(ids[1]).toBe(other)
    expect(ids[2]).toBe(reference)
    expect(await counts()).toEqual({ tracks: 3, cues: 9, pending: 0 })
    const strip = (rows: Awaited<ReturnType<typeof cues>>) => rows.map((r) => ({ ...r }))
    expect(strip(await cues(ids[0]!))).toEqual(strip(await cues(reference)))
    const terms = (id: number) =>
      db.query(
        'SELECT lexeme, cues::int AS n, cfg::text AS cfg FROM corpus_track_terms WHERE track_id = $1 ORDER BY lexeme',
        [id],
      )
    expect(await terms(ids[0]!)).toEqual(await terms(reference))
  })

  it('cues written ahead of a batch that failed are discarded, and a dead writer’s are swept once its lease is over', async () => {
    const prepared = [await prepareTrack(db, track({ videoId: 'aaaaaaaaaaa' }))]
    const failed = await writeCuesAhead(db, prepared, { worker: 'w', until: 1_000 })
    await discardCuesAhead(db, [...failed.values()])
    expect(await counts()).toEqual({ tracks: 0, cues: 0, pending: 0 })
    await writeCuesAhead(db, prepared, { worker: 'dead', until: 1_000 })
    await writeCuesAhead(db, [await prepareTrack(db, track({ videoId: 'bbbbbbbbbbb' }))], {
      worker: 'alive',
      until: 5_000,
    })
    expect(await counts()).toEqual({ tracks: 0, cues: 6, pending: 2 })
    expect(await sweepCuesAhead(db, 2_000)).toBe(1)
    expect(await counts()).toEqual({ tracks: 0, cues: 3, pending: 1 })
    expect(await sweepCuesAhead(db, 2_000)).toBe(0)
  })
})
