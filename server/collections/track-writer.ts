/**
 * The collect job's one writer in this instance: answers the fetches brought wait here and are stored in batches,
 * so the fetches keep the service busy while the database stores. A batch's cues go in first, in short statements
 * of their own with the event loop let in between (writeCuesAhead: no transaction holds the database meanwhile, so
 * the calls' bookkeeping and answers are not kept waiting); then one transaction inserts the tracks that make them
 * visible, their word counts and their items' ends (decision 0178). A batch that fails goes back to the queue: its
 * answers are cached, so taking them again is free.
 */
import type { Database } from '../db/database.ts'
import { RETAKE_AFTER_MS, type Fetched } from './collect-item.ts'
import type { CueVectors } from './cue-vectors/cue-vector-worker.ts'
import {
  discardCuesAhead,
  insertTracks,
  prepareTrack,
  writeCuesAhead,
  type CuesAhead,
  type PreparedTrack,
} from './store-track.ts'
import type { WorkQueue } from './work-queue.ts'

/** Cues per batch: enough to share each statement's cost, few enough that a batch holds PGlite's one connection briefly. */
export const CUES_PER_BATCH = 3000
/** A batch short of CUES_PER_BATCH waits this long for answers still arriving: a batch's statements cost alike for one track or six. */
const BATCH_WAIT_MS = 40

export type TrackWriter = {
  /** Queues a fetched answer for storing. */
  add(fetched: Fetched): void
  /** Answers queued or being stored. */
  backlog(): number
  /** Resolves when everything queued so far is stored (or back in the queue). */
  drain(): Promise<void>
}

type Ready = Fetched & { track: PreparedTrack }

/**
 * Answers that may wait for the cue worker's start (~1 s) without counting in the backlog, so the calls go on
 * meanwhile; memory stays bounded (decision 0179).
 */
const WAITING_FOR_WORKER = 200

/** Lets the event loop run (answers arriving, calls' bookkeeping) between two of a batch's statements. */
const letEventLoopIn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The first answers of the queue that fit in one batch (at least one). */
function takeBatch(ready: Ready[]): Ready[] {
  let cues = ready[0]?.track.columns.count ?? 0
  let n = Math.min(1, ready.length)
  while (n < ready.length && cues + ready[n]!.track.columns.count <= CUES_PER_BATCH)
    cues += ready[n++]!.track.columns.count
  return ready.splice(0, n)
}

export function createTrackWriter({
  db,
  queue,
  worker,
  log,
  onStored,
  batchWaitMs = BATCH_WAIT_MS,
  cueVectors,
  now,
  leaseMs,
}: {
  db: Database
  queue: WorkQueue
  worker: string
  log: (line: string) => void
  /** A batch ended: its items left this instance (the runner may claim more). */
  onStored: () => void
  batchWaitMs?: number
  /** Computes the cues' tsvectors off the database's thread (the embedded engine); absent: the insert does. */
  cueVectors?: CueVectors
  now: () => number
  /** How long cues written ahead stay before any instance may sweep them as a dead writer's. */
  leaseMs: number
}): TrackWriter {
  const ready: Ready[] = []
  const preparing = new Set<Promise<void>>()
  let writing = 0
  let loop: Promise<void> | undefined
  /** Stopping: what is queued is written at once. */
  let draining = false
  /** Ends the wait for more answers early (a full batch, or stopping). */
  let cutWait: (() => void) | undefined
  const readyCues = () => ready.reduce((n, r) => n + r.track.columns.count, 0)

  const message = (e: unknown) => (e instanceof Error ? e.message : String(e))
  /** Back to the queue after a failure: the answer is cached, so taking it again is free. */
  async function giveBack({ claim, costMicro }: Fetched, reason: string): Promise<void> {
    log(`[collect] ${claim.videoId}: storing failed (${reason}); it waits and is taken again`)
    await queue
      .release(claim, RETAKE_AFTER_MS, costMicro)
      .catch((e: unknown) =>
        log(`[collect] ${claim.videoId} returns to the queue when its lease runs out: ${message(e)}`),
      )
  }

  async function writeOne(): Promise<void> {
    const batch = takeBatch(ready)
    writing += batch.length
    const tracks = batch.map((r) => r.track)
    let ahead: CuesAhead | undefined
    try {
      ahead = await writeCuesAhead(db, tracks, { worker, until: now() + leaseMs }, letEventLoopIn)
      await db.transaction(async (tx) => {
        const ids = await insertTracks(tx, tracks, ahead)
        const ends = batch.map(({ claim, costMicro }, i) => ({
          claim,
          outcome: { state: 'collected' as const, costMicro, trackId: ids[i]! },
        }))
        await queue.finishAll(tx, worker, ends)
      })
    } catch (e) {
      if (ahead?.size)
        await discardCuesAhead(db, [...ahead.values()]).catch((d: unknown) =>
          log(`[collect] cues written ahead stay until swept: ${message(d)}`),
        )
      for (const r of batch) await giveBack(r, message(e))
    } finally {
      writing -= batch.length
    }
  }

  async function run(): Promise<void> {
    while (ready.length) {
      if (!draining && readyCues() < CUES_PER_BATCH)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, batchWaitMs)
          cutWait = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      cutWait = undefined
      await writeOne()
      onStored()
    }
    loop = undefined
  }

  return {
    add(fetched) {
      const { claim, costMicro, items, body } = fetched
      // Cleaning is plain JavaScript, done as the answer arrives rather than while a transaction holds the database.
      const prepared: Promise<void> = prepareTrack(
        db,
        {
          source: claim.collection.source,
          videoId: claim.videoId,
          langAsked: claim.collection.lang ?? '',
          mode: claim.collection.mode,
          costMicro,
          items,
          body,
        },
        cueVectors,
      )
        .then((track) => {
          ready.push({ ...fetched, track })
          loop ??= run()
          if (readyCues() >= CUES_PER_BATCH) cutWait?.()
        })
        .catch((e: unknown) => giveBack(fetched, message(e)))
        .finally(() => preparing.delete(prepared))
      preparing.add(prepared)
    },
    backlog: () =>
      ready.length +
      writing +
      (cueVectors?.isStarting() ? Math.max(0, preparing.size - WAITING_FOR_WORKER) : preparing.size),
    async drain() {
      draining = true
      cutWait?.()
      while (preparing.size || loop) await Promise.all([...preparing, loop])
    },
  }
}
