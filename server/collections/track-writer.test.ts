/** The collect job's writer: answers that wait are stored together, a batch stays within its cues, a refused batch goes back to the queue. */
import { beforeEach, expect, it, vi } from 'vitest'
import { describeOnEngines } from '#server/testing/postgres-cluster.ts'
import { num, type Database } from '#server/db/database.ts'
import { gate } from '#server/testing/spend-harness.ts'
import { RETAKE_AFTER_MS, type Fetched } from './collect-item.ts'
import { openCorpusDatabase } from './search/testing/corpus-fixture.ts'
import { prepareTrack } from './store-track.ts'
import { createTrackWriter, CUES_PER_BATCH } from './track-writer.ts'
import type { CueVectors } from './cue-vectors/cue-vector-worker.ts'
import type { Ended, WorkQueue } from './work-queue.ts'

const fetched = (videoId: string, cues: number): Fetched => ({
  claim: {
    jobId: 1,
    videoId,
    recovered: false,
    previousClaimAt: null,
    collection: { id: 'c_test', source: 'demo', lang: null, mode: 'default' },
    jobState: 'running',
    attempts: 1,
  },
  costMicro: 530,
  items: Array.from({ length: cues }, (_, i) => ({
    text: `line ${i} of ${videoId}`,
    offset: i,
    duration: 1,
    lang: 'en',
    wordCount: 4,
    speechRate: 120,
  })),
})

describeOnEngines('collect track writer', (engine) => {
  let db: Database
  beforeEach(async () => {
    db = await openCorpusDatabase(engine)
  })

  /** The queue's two doors the writer uses, recorded; finishAll runs in the writer's transaction. */
  const recordingQueue = () => {
    const finished: Ended[][] = []
    const queue = {
      finishAll: vi.fn((_tx: unknown, _worker: string, ends: Ended[]) => {
        finished.push(ends)
        return Promise.resolve()
      }),
      release: vi.fn(() => Promise.resolve()),
    }
    return { finished, queue, asQueue: queue as unknown as WorkQueue }
  }

  /** The database held until released, counting the writer's transactions. */
  const heldDatabase = (held: Promise<void>, failing = false) => {
    let transactions = 0
    const wrapped: Database = {
      ...db,
      transaction: async (fn) => {
        transactions++
        await held
        return db.transaction(async (tx) => {
          const out = await fn(tx)
          if (failing) throw new Error('disk full')
          return out
        })
      },
    }
    return { wrapped, transactions: () => transactions }
  }

  /** Every answer added is cleaned and waiting: the configurations are read once, then cleaning takes no I/O. */
  const warm = (on: Database) =>
    prepareTrack(on, {
      ...fetched('aaaaaaaaaaa', 1).claim.collection,
      videoId: 'x',
      langAsked: '',
      costMicro: 0,
      items: [],
    })
  const settled = () => new Promise((r) => setImmediate(r))

  /** A writer over the database held until `held`, recording its queue's ends; batchWaitMs as given. */
  async function writerOver(held: Promise<void>, batchWaitMs?: number) {
    const { wrapped, transactions } = heldDatabase(held)
    const { finished, asQueue } = recordingQueue()
    const writer = createTrackWriter({
      db: wrapped,
      queue: asQueue,
      worker: 'w',
      log: () => undefined,
      onStored: () => undefined,
      batchWaitMs,
      now: Date.now,
      leaseMs: 60_000,
    })
    await warm(wrapped)
    return { writer, transactions, finished }
  }

  /** A writer with three answers of `cues` cues each, cleaned and waiting for the database (held until g.open()). */
  async function threeWaiting(cues: number) {
    const g = gate()
    const { writer, transactions, finished } = await writerOver(g.opened)
    for (const id of ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc']) writer.add(fetched(id, cues))
    await settled()
    return { g, transactions, finished, writer }
  }

  it('stores the answers that waited for the database together, each with its cues and its item’s end', async () => {
    const { g, transactions, finished, writer } = await threeWaiting(10)
    expect(writer.backlog()).toBe(3)
    g.open()
    await writer.drain()
    expect(writer.backlog()).toBe(0)
    expect(transactions()).toBe(1)
    const ends = finished.flat()
    expect(ends.map((e) => [e.claim.videoId, e.outcome.state, e.outcome.costMicro])).toEqual([
      ['aaaaaaaaaaa', 'collected', 530],
      ['bbbbbbbbbbb', 'collected', 530],
      ['ccccccccccc', 'collected', 530],
    ])
    for (const e of ends) {
      const trackId = e.outcome.state === 'collected' ? e.outcome.trackId : 0
      const [row] = await db.query<{ video_id: string; n: unknown }>(
        'SELECT t.video_id, (SELECT count(*) FROM corpus_cues c WHERE c.track_id = t.id) AS n FROM corpus_tracks t WHERE t.id = $1',
        [trackId],
      )
      expect([row?.video_id, num(row?.n)]).toEqual([e.claim.videoId, 10])
    }
  })

  // Only the embedded engine hands tracks to the cue worker.
  if (engine.kind === 'pglite')
    it('answers waiting for the cue worker to start count in the backlog only past an allowance of 200, so calls go on', async () => {
      const start = gate()
      let starting = true
      const asked: string[] = []
      const cueVectors: CueVectors = {
        track: async (request) => {
          asked.push(request.body)
          await start.opened
          return undefined // it did not start after all: each track is prepared on this thread
        },
        warm: () => undefined,
        isReady: () => false,
        isStarting: () => starting,
        close: async () => undefined,
      }
      const { finished, asQueue } = recordingQueue()
      const writer = createTrackWriter({
        db,
        queue: asQueue,
        worker: 'w',
        log: () => undefined,
        onStored: () => undefined,
        cueVectors,
        now: Date.now,
        leaseMs: 60_000,
      })
      const ids = Array.from({ length: 210 }, (_, i) => `v${String(i).padStart(10, '0')}`)
      for (const id of ids) writer.add({ ...fetched(id, 2), body: JSON.stringify(fetched(id, 2).items) })
      for (let i = 0; i < 50 && asked.length < ids.length; i++) await settled()
      expect(asked).toHaveLength(210)
      expect(writer.backlog()).toBe(10) // 210 waiting for the worker's start, 200 of them allowed
      starting = false
      expect(writer.backlog()).toBe(210) // started (or given up): every answer counts again
      start.open()
      await writer.drain()
      expect(writer.backlog()).toBe(0)
      expect(finished.flat().map((e) => e.claim.videoId)).toEqual(ids)
    })

  it('writes a batch’s cues ahead, invisible until the transaction that inserts their tracks', async () => {
    const { g, writer } = await threeWaiting(10)
    const counts = async () => {
      const [r] = await db.query<Record<string, unknown>>(
        `SELECT (SELECT count(*) FROM corpus_tracks) AS tracks, (SELECT count(*) FROM corpus_cues) AS cues,
                (SELECT count(*) FROM corpus_cues_pending) AS pending`,
      )
      return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, num(v)]))
    }
    for (let i = 0; i < 100 && ((await counts()).cues ?? 0) < 30; i++)
      await new Promise((r) => setTimeout(r, 20))
    // The transaction is held: the cues are in, under pending rows, and no track makes them visible yet.
    expect(await counts()).toEqual({ tracks: 0, cues: 30, pending: 3 })
    g.open()
    await writer.drain()
    expect(await counts()).toEqual({ tracks: 3, cues: 30, pending: 0 })
  })

  it('holds a short batch open for answers still arriving, and writes at once when stopping', async () => {
    const { writer, transactions, finished } = await writerOver(Promise.resolve(), 60_000)
    writer.add(fetched('aaaaaaaaaaa', 10))
    await new Promise((r) => setTimeout(r, 30))
    writer.add(fetched('bbbbbbbbbbb', 10))
    await settled()
    expect(transactions()).toBe(0) // both wait for more (a minute here)
    await writer.drain() // stopping cuts the wait: the test would time out otherwise
    expect(transactions()).toBe(1)
    expect(finished.map((batch) => batch.map((e) => e.claim.videoId))).toEqual([
      ['aaaaaaaaaaa', 'bbbbbbbbbbb'],
    ])
  })

  it('writes a batch at once when it is full, without waiting', async () => {
    const { writer, transactions, finished } = await writerOver(Promise.resolve(), 60_000)
    writer.add(fetched('aaaaaaaaaaa', CUES_PER_BATCH))
    for (let i = 0; i < 100 && !finished.length; i++) await new Promise((r) => setTimeout(r, 20))
    expect(transactions()).toBe(1)
    expect(finished.map((batch) => batch.length)).toEqual([1])
    await writer.drain()
  })

  it('keeps each batch within CUES_PER_BATCH cues', async () => {
    const { g, finished, writer } = await threeWaiting(Math.floor(CUES_PER_BATCH / 2) + 1)
    g.open()
    await writer.drain()
    expect(finished.map((batch) => batch.length)).toEqual([1, 1, 1])
  })

  it('gives a batch the database refused back to the queue with what it cost, and stores none of it', async () => {
    const { wrapped } = heldDatabase(Promise.resolve(), true)
    const { finished, queue, asQueue } = recordingQueue()
    const logs: string[] = []
    const stored = vi.fn()
    const writer = createTrackWriter({
      db: wrapped,
      queue: asQueue,
      worker: 'w',
      log: (l) => logs.push(l),
      onStored: stored,
      now: Date.now,
      leaseMs: 60_000,
    })
    const answer = fetched('aaaaaaaaaaa', 5)
    writer.add(answer)
    await writer.drain()
    expect(queue.release).toHaveBeenCalledWith(answer.claim, RETAKE_AFTER_MS, 530)
    expect(finished.flat().map((e) => e.claim.videoId)).toEqual(['aaaaaaaaaaa']) // rolled back with the batch
    const [count] = await db.query<{ n: unknown; cues: unknown; pending: unknown }>(
      'SELECT (SELECT count(*) FROM corpus_tracks) AS n, (SELECT count(*) FROM corpus_cues) AS cues, (SELECT count(*) FROM corpus_cues_pending) AS pending',
    )
    // The cues written ahead of the refused transaction are gone with it.
    expect([num(count!.n), num(count!.cues), num(count!.pending)]).toEqual([0, 0, 0])
    expect(logs).toEqual([expect.stringContaining('aaaaaaaaaaa: storing failed (disk full)')])
    expect(stored).toHaveBeenCalled()
  })
})
