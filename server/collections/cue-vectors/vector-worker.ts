/**
 * The cue worker's thread (started by cue-vector-worker.ts through worker-entry.mjs): it parses and cleans a
 * collected track and lays its cues out as columns (cue-columns.ts), and a PGlite of its own computes
 * their tsvectors and the track's word counts, so the embedded engine's one thread only stores them.
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { HELPER_DATA_DIR, MEMORY, openPglite } from '../../db/pglite-engine.ts'
import { trackText, type CueItem, type TrackText } from '../cue-columns.ts'
import { CUE_VECTORS } from './cue-vector-sql.ts'
import { termsOfVectors } from './vector-terms.ts'

/** A track to prepare: the service's answer as it came (a JSON array of caption items). */
export type TrackRequest = { id: number; kind: 'track'; body: string; langAsked: string; installed: string[] }
/** Only the vectors of these texts (a text[] in binary format): the check against the database's own. */
export type VectorsRequest = { id: number; kind: 'vectors'; cfg: string; texts: Uint8Array }
export type WorkerRequest = TrackRequest | VectorsRequest
export type WorkerAnswer =
  { id: number; track: TrackText } | { id: number; vectors: Uint8Array } | { id: number; error: string }
export type WorkerStatus = { ready: true } | { failed: string }

const port = parentPort!

/** Below the function's thread and the rest of the machine: the worker's work waits, a request does not. */
const WORKER_NICENESS = 10
try {
  // This thread's own id (Linux): setpriority on it lowers this thread alone.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
  if (tid) setPriority(tid, WORKER_NICENESS)
} catch {
  // Not Linux, or not permitted: the worker runs at the process's priority.
}
/** A copy of its own, so its memory can move to the other thread. */
const own = (bytes: Uint8Array | null | undefined) => new Uint8Array(bytes ?? [])

try {
  // Its own cluster beside the database's (HELPER_DATA_DIR), opened rather than created; in memory for tests.
  const dataDir = (workerData as { dataDir?: string }).dataDir
  const db = await openPglite({
    dataDir: !dataDir || dataDir === MEMORY ? MEMORY : join(dataDir, HELPER_DATA_DIR),
    timeoutMs: 60_000,
    helper: true,
  })
  /** CUE_VECTORS's answer: the vectors in base64. */
  type Row = { vectors: string | null }
  const decoded = (row: Row | undefined) => own(row?.vectors ? Buffer.from(row.vectors, 'base64') : null)

  async function answer(req: WorkerRequest): Promise<void> {
    if (req.kind === 'vectors') {
      const [row] = await db.query<Row>(CUE_VECTORS, [req.cfg, req.texts])
      const vectors = decoded(row)
      return port.postMessage({ id: req.id, vectors } satisfies WorkerAnswer, [vectors.buffer])
    }
    const track = trackText(JSON.parse(req.body) as CueItem[], req.langAsked, new Set(req.installed))
    // Buffers may share Node's pool, which cannot move: each column gets memory of its own.
    const c = (track.columns = {
      ...track.columns,
      seq: own(track.columns.seq),
      start: own(track.columns.start),
      duration: own(track.columns.duration),
      text: own(track.columns.text),
      sounds: own(track.columns.sounds),
    })
    if (c.count) {
      const [row] = await db.query<Row>(CUE_VECTORS, [track.cfg, c.text])
      c.vectors = decoded(row)
      const terms = termsOfVectors(c.vectors, c.seq)
      c.terms = { lexemes: own(terms.lexemes), cues: own(terms.cues), seqs: own(terms.seqs) }
    }
    const buffers = [
      ...[c.seq, c.start, c.duration, c.text, c.sounds, c.vectors],
      ...[c.terms?.lexemes, c.terms?.cues, c.terms?.seqs],
    ]
    port.postMessage(
      { id: req.id, track } satisfies WorkerAnswer,
      buffers.flatMap((b) => (b ? [b.buffer as ArrayBuffer] : [])),
    )
  }

  port.on('message', (req: WorkerRequest) => {
    answer(req).catch((e: unknown) =>
      port.postMessage({
        id: req.id,
        error: e instanceof Error ? e.message : String(e),
      } satisfies WorkerAnswer),
    )
  })
  port.postMessage({ ready: true } satisfies WorkerStatus)
} catch (e) {
  port.postMessage({ failed: e instanceof Error ? e.message : String(e) } satisfies WorkerStatus)
}
