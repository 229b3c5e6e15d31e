/**
 * The embedded engine's cue worker: a worker thread that cleans a collected track and, with a PGlite of its own
 * (vector-worker.ts), computes its cues' tsvectors and word counts, work that would otherwise run on the function's
 * one thread where the engine also serves every request (docs/decisions/0178). It starts on first use and stops when
 * idle. A track asked while it starts waits for it (decision 0179): that work on the function's thread would delay
 * every call's answer. If it fails, takes too long to start, or its text search differs from the database's, `track`
 * answers undefined and the caller does the work on its own thread, the database computing the vectors: the same
 * values either way.
 */
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { TrackText } from '../cue-columns.ts'
import type { TrackRequest, VectorsRequest, WorkerAnswer, WorkerStatus } from './vector-worker.ts'

type Ask =
  { kind: 'track'; body: string; langAsked: string; installed: string[] } | Omit<VectorsRequest, 'id'>

export type CueVectors = {
  /** The track made ready to store, with its vectors and word counts; undefined: the caller prepares it itself. */
  track(request: Omit<TrackRequest, 'id' | 'kind'>): Promise<TrackText | undefined>
  /** Starts the worker ahead of the first track (work was claimed); nothing when it runs or was given up. */
  warm(): void
  /** The worker has started and passed its check: tracks are prepared there. */
  isReady(): boolean
  /** The worker is starting: tracks asked now wait for it. */
  isStarting(): boolean
  /** Stops the worker; a later call starts it again. */
  close(): Promise<void>
}

/** Checks the worker's vectors for probe texts against the database's own (cue-vector-check.ts). */
export type VectorCheck = (
  vectorsOf: (cfg: string, texts: Uint8Array) => Promise<Uint8Array>,
) => Promise<boolean>

export type CueVectorWorkerOptions = {
  check: VectorCheck
  log: (line: string) => void
  /** Stops the worker (and frees its memory) after this long unused. */
  idleMs?: number
  /** An answer that takes longer than this is given up: the caller does that track's work. */
  answerTimeoutMs?: number
  /** A track waits this long for a starting worker (it starts in ~1 s); then the caller does its work. */
  startWaitMs?: number
  /** A worker not ready this long after its start is stopped, as a failed start. */
  startTimeoutMs?: number
  /** The worker's first module (tests: one that fails). */
  entryModule?: string
  /** DATA_DIR: the worker's engine opens its own cluster there (pglite-engine.ts, HELPER_DATA_DIR); else in memory. */
  dataDir?: string
}

const ENTRY = new URL('./vector-worker.ts', import.meta.url).href
const ENTRY_MODULE = new URL('./worker-entry.mjs', import.meta.url).href
/** Starts that failed in a row before the worker is given up for this process's life. */
const MAX_FAILED_STARTS = 3

type Pending = { resolve: (answer: WorkerAnswer | undefined) => void; timer: ReturnType<typeof setTimeout> }
type Running = {
  worker: Worker
  ready: boolean
  pending: Map<number, Pending>
  /** Resolves true once it is ready, false if it stops first. */
  started: Promise<boolean>
  startEnded: (ready: boolean) => void
}

export function cueVectorWorker({
  check,
  log,
  idleMs = 60_000,
  answerTimeoutMs = 30_000,
  startWaitMs = 10_000,
  startTimeoutMs = 60_000,
  entryModule = fileURLToPath(ENTRY_MODULE),
  dataDir,
}: CueVectorWorkerOptions): CueVectors {
  let running: Running | undefined
  let failedStarts = 0
  let givenUp = false
  let nextId = 0
  let idleTimer: ReturnType<typeof setTimeout> | undefined

  const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

  function stop(r: Running, reason?: string): void {
    if (running === r) running = undefined
    clearTimeout(idleTimer)
    for (const p of r.pending.values()) {
      clearTimeout(p.timer)
      p.resolve(undefined)
    }
    r.pending.clear()
    r.startEnded(false)
    if (reason) log(`[collect] cue worker stopped (${reason}); cues are prepared on the function's thread`)
    void r.worker.terminate()
  }

  /** Stops the worker once nothing has asked for idleMs. */
  function armIdle(r: Running): void {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      if (running !== r) return
      // Still starting, or working: idle is measured from its last answer.
      if (r.pending.size || !r.ready) armIdle(r)
      else stop(r)
    }, idleMs)
    idleTimer.unref()
  }

  function ask(r: Running, request: Ask): Promise<WorkerAnswer | undefined> {
    armIdle(r)
    return new Promise((resolve) => {
      const id = ++nextId
      const timer = setTimeout(() => {
        r.pending.delete(id)
        resolve(undefined)
      }, answerTimeoutMs)
      r.pending.set(id, { resolve, timer })
      r.worker.postMessage({ ...request, id })
    })
  }

  async function checked(r: Running): Promise<void> {
    const same = await check(async (cfg, texts) => {
      const a = await ask(r, { kind: 'vectors', cfg, texts })
      if (a && 'vectors' in a) return a.vectors
      throw new Error(a && 'error' in a ? a.error : 'no answer')
    })
    if (!same) {
      givenUp = true
      return stop(r, "its text search differs from the database's")
    }
    r.ready = true
    failedStarts = 0
    r.startEnded(true)
  }

  /** The worker started, or undefined when it could not be (the caller does the work itself); never throws. */
  function start(): Running | undefined {
    let worker: Worker
    try {
      worker = new Worker(entryModule, { workerData: { entry: ENTRY, dataDir } })
    } catch (e) {
      if (++failedStarts >= MAX_FAILED_STARTS) givenUp = true
      log(
        `[collect] the cue worker could not start (${message(e)}); cues are prepared on the function's thread`,
      )
      return undefined
    }
    let startEnded: (ready: boolean) => void = () => undefined
    const started = new Promise<boolean>((resolve) => (startEnded = resolve))
    const r: Running = { worker, ready: false, pending: new Map(), started, startEnded }
    running = r
    // The worker never keeps the process alive by itself.
    worker.unref()
    const failed = (reason: string) => {
      if (running !== r) return
      if (!r.ready && ++failedStarts >= MAX_FAILED_STARTS) givenUp = true
      stop(r, reason)
    }
    const late = setTimeout(() => {
      if (!r.ready) failed(`it was not ready ${startTimeoutMs / 1000} s after its start`)
    }, startTimeoutMs)
    late.unref()
    void started.then(() => clearTimeout(late))
    worker.on('error', (e) => failed(message(e)))
    worker.on('exit', (code) => failed(`it exited with code ${code}`))
    worker.on('message', (m: WorkerStatus | WorkerAnswer) => {
      if ('failed' in m) return failed(m.failed)
      if ('ready' in m)
        return void checked(r).catch((e: unknown) => failed(`its check failed: ${message(e)}`))
      const p = r.pending.get(m.id)
      if (!p) return
      r.pending.delete(m.id)
      clearTimeout(p.timer)
      p.resolve(m)
    })
    armIdle(r)
    return r
  }

  /** True once r is ready; false if it stops first or is not ready within startWaitMs. */
  function whenStarted(r: Running): Promise<boolean> {
    if (r.ready) return Promise.resolve(true)
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), startWaitMs)))
    return Promise.race([r.started, late]).finally(() => clearTimeout(timer))
  }

  return {
    async track(request) {
      if (givenUp) return undefined
      const r = running ?? start()
      if (!r || !(await whenStarted(r))) return undefined
      const a = await ask(r, { kind: 'track', ...request })
      if (a && 'error' in a) log(`[collect] the cue worker refused a track (${a.error}); it is prepared here`)
      return a && 'track' in a ? a.track : undefined
    },
    warm() {
      if (!givenUp && !running) start()
    },
    isReady: () => Boolean(running?.ready),
    isStarting: () => Boolean(running && !running.ready),
    async close() {
      if (running) stop(running)
    },
  }
}
