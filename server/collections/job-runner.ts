/**
 * Runs collect jobs in this instance: a poll loop that keeps up to `concurrency` fetches in progress, claiming
 * work rows any instance may share and renewing their leases while they run, and one writer that stores what the
 * fetches brought in batches (track-writer.ts); it stops cleanly on dispose (running tracks finish and are stored;
 * nothing is left half-paid). docs/decisions/0140, 0154.
 */
import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import type { Gateway } from '../gateway.ts'
import { fetchItem } from './collect-item.ts'
import type { CueVectors } from './cue-vectors/cue-vector-worker.ts'
import { refreshCorpusStatistics } from './corpus-maintenance.ts'
import { sweepCuesAhead } from './store-track.ts'
import { createTrackWriter } from './track-writer.ts'
import { upstreamSlots } from './upstream-slots.ts'
import { createWorkQueue } from './work-queue.ts'

export type JobRunnerOptions = {
  db: Database
  gateway: Gateway
  source: string
  now: () => number
  /** Calls at the service in flight at once for this instance's collecting; 0 runs nothing here. */
  concurrency: number
  /** How long a claim holds unrenewed; renewed every third of it. */
  leaseMs: number
  /** How often an idle runner looks for work. */
  pollMs?: number
  log?: (line: string) => void
  /** Computes the cues' tsvectors off the database's thread (the embedded engine; cue-vector-worker.ts). */
  cueVectors?: CueVectors
}

export type JobRunner = {
  /** Look for work now (a job was just started here). */
  wake(): void
  /** Stops claiming; resolves when the tracks in progress have finished and are stored. */
  stop(): Promise<void>
}

/** Items in progress per call the service may have in flight: each one's bookkeeping overlaps the others' calls. */
const ITEMS_PER_SLOT = 2
/**
 * Fetched answers waiting for the writer, per fetch slot, before this instance stops claiming more: room for the
 * answers that waited for the cue worker's start to be stored while the calls go on (decision 0180).
 */
export const BACKLOG_PER_SLOT = 8

export function startJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, gateway, now, concurrency, leaseMs } = opts
  const pollMs = opts.pollMs ?? 500
  const log = opts.log ?? ((l: string) => console.error(l))
  const worker = `${randomUUID()}`
  // At most `concurrency` calls at the service; more items in progress, so claims and settling overlap the calls.
  const slots = upstreamSlots(Math.max(1, concurrency))
  const queue = createWorkQueue({ db, source: opts.source, now, leaseMs })
  /** Tracks stored since the corpus statistics were last refreshed (corpus-maintenance.ts). */
  let storedSinceRefresh = false
  const writer = createTrackWriter({
    db,
    queue,
    worker,
    log,
    cueVectors: opts.cueVectors,
    now,
    leaseMs,
    onStored: () => {
      storedSinceRefresh = true
      schedule(0)
    },
  })
  const active = new Set<Promise<void>>()
  let stopping = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let polling = false
  /** The last failure to look for work, logged once a minute while it lasts (a database down must not flood the log). */
  let lastFailure = { message: '', at: 0 }
  /** Asked to poll while polling: poll again at once after. */
  let again = false
  /** When cues written ahead were last swept (store-track.ts). */
  let sweptAt = -Infinity

  const schedule = (ms: number) => {
    if (stopping) return
    clearTimeout(timer)
    timer = setTimeout(() => void poll(), ms)
    timer.unref()
  }

  async function poll(): Promise<void> {
    if (stopping) return
    if (polling) {
      again = true
      return
    }
    polling = true
    again = false
    try {
      // Cues a dead writer wrote ahead of their tracks (its lease over) go, once a lease: they were never visible.
      if (now() - sweptAt > leaseMs) {
        const swept = await sweepCuesAhead(db, now())
        sweptAt = now()
        if (swept) log(`[collect] removed the cues of ${swept} tracks a stopped writer left unstored`)
      }
      // A writer that falls behind holds the fetches back: claimed answers never pile up unbounded in memory.
      const free = Math.min(
        ITEMS_PER_SLOT * concurrency - active.size,
        BACKLOG_PER_SLOT * concurrency - writer.backlog(),
      )
      if (free <= 0) return
      const claims = await queue.claim(worker, free)
      // Its engine starts while the first calls are at the service, not when their answers arrive.
      if (claims.length) opts.cueVectors?.warm()
      if (!claims.length && !writer.backlog()) {
        await queue.finishIdleJobs()
        // Once the work runs out: a search of what was collected reads index entries alone.
        if (storedSinceRefresh && !active.size) {
          storedSinceRefresh = false
          await refreshCorpusStatistics(db)
        }
      }
      for (const claim of claims) {
        const run: Promise<void> = fetchItem({ db, gateway, queue, worker, now, log, slots }, claim)
          .then((fetched) => fetched && writer.add(fetched))
          .catch((e: unknown) =>
            log(
              `[collect] ${claim.videoId} of job ${claim.jobId} stopped on an error; its lease returns it to the queue: ${e instanceof Error ? e.message : String(e)}`,
            ),
          )
          .finally(() => {
            active.delete(run)
            schedule(0)
          })
        active.add(run)
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      if (message !== lastFailure.message || Date.now() - lastFailure.at > 60_000) {
        lastFailure = { message, at: Date.now() }
        log(`[collect] looking for work failed: ${message}`)
      }
    } finally {
      polling = false
      schedule(again ? 0 : pollMs)
    }
  }

  const heartbeat = setInterval(
    () => {
      if (active.size || writer.backlog())
        void queue
          .renew(worker)
          .catch((e: unknown) =>
            log(`[collect] renewing leases failed: ${e instanceof Error ? e.message : String(e)}`),
          )
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  )
  heartbeat.unref()

  if (concurrency > 0) schedule(0)
  return {
    wake: () => schedule(0),
    async stop() {
      stopping = true
      clearTimeout(timer)
      await Promise.allSettled([...active])
      await writer.drain()
      clearInterval(heartbeat)
    },
  }
}
