/**
 * The collect job's work rows: claimed with FOR UPDATE SKIP LOCKED under a lease that the worker renews, so any
 * instance can take work and a crashed worker's claims return to the queue when their lease runs out
 * (docs/decisions/0140). Money: a claim reserves its price against the job's maxUsd before the call is made.
 */
import type { TrackFailure } from '#contract/collections.ts'
import type { CaptionMode } from '#contract/enums.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import type { CollectionRow } from './collection-store.ts'

export type Claim = {
  jobId: number
  videoId: string
  /** The row was running under a lease that ran out: its worker died, maybe after paying. */
  recovered: boolean
  /** When the dead worker claimed it (ledger rows from then on are its calls). */
  previousClaimAt: number | null
  /** The collection's request (language, mode, source), read with the claim. */
  collection: CollectionRow
  jobState: string
  /** Claims of this row so far, this one included. */
  attempts: number
}

export type Outcome =
  | { state: 'collected'; costMicro: number; trackId: number }
  | { state: 'unavailable' | 'failed'; costMicro: number; failure: TrackFailure }

/** An item's end, as the writer records it. */
export type Ended = { claim: Claim; outcome: Outcome }

type QueueDeps = {
  db: Database
  /** Only collections of this data source: the gateway pays this source alone. */
  source: string
  now: () => number
  leaseMs: number
}

/** Ends running jobs with nothing left to do (queued or running). */
async function finishIdleJobs(q: Queryable, now: () => number, jobId?: number): Promise<void> {
  const t = now()
  await q.query(
    `UPDATE collect_jobs j SET state = 'done', updated_at = $1, finished_at = $1
     WHERE j.state = 'running' AND ($2::bigint IS NULL OR j.id = $2)
       AND NOT EXISTS (SELECT 1 FROM collect_items i WHERE i.job_id = j.id AND i.state IN ('queued', 'running'))`,
    [t, jobId ?? null],
  )
}

async function finishAll(
  q: Queryable,
  now: () => number,
  worker: string,
  ends: readonly Ended[],
): Promise<void> {
  if (!ends.length) return
  const t = now()
  const col = <T>(f: (e: Ended) => T) => ends.map(f)
  const failures = col(({ outcome }) => ('failure' in outcome ? JSON.stringify(outcome.failure) : null))
  await q.query(
    `UPDATE collect_items i SET state = e.state, cost_micro = i.cost_micro + e.cost_micro, failure = e.failure::jsonb,
            lease_until = NULL, reserved_micro = 0
     FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[])
          AS e(job_id, video_id, state, cost_micro, failure)
     WHERE i.job_id = e.job_id AND i.video_id = e.video_id AND i.worker = $1`,
    [
      worker,
      col((e) => e.claim.jobId),
      col((e) => e.claim.videoId),
      col((e) => e.outcome.state),
      col((e) => e.outcome.costMicro),
      failures,
    ],
  )
  // Spent is spent, whoever holds the row now.
  await q.query(
    `UPDATE collect_jobs j SET spent_micro = j.spent_micro + e.spent, updated_at = $3
     FROM (SELECT job_id, sum(cost_micro) AS spent FROM unnest($1::bigint[], $2::bigint[]) AS u(job_id, cost_micro) GROUP BY job_id) e
     WHERE j.id = e.job_id`,
    [col((e) => e.claim.jobId), col((e) => e.outcome.costMicro), t],
  )
  await q.query(
    `UPDATE collection_videos v SET track_state = e.state, track_id = e.track_id, failure = e.failure::jsonb
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[]) AS e(job_id, video_id, state, track_id, failure)
     JOIN collect_jobs j ON j.id = e.job_id
     WHERE v.collection_id = j.collection_id AND v.video_id = e.video_id`,
    [
      col((e) => e.claim.jobId),
      col((e) => e.claim.videoId),
      col((e) => e.outcome.state),
      col(({ outcome }) => (outcome.state === 'collected' ? outcome.trackId : null)),
      failures,
    ],
  )
  for (const jobId of new Set(col((e) => e.claim.jobId))) await finishIdleJobs(q, now, jobId)
}

async function claimItems(
  { db, source, now, leaseMs }: QueueDeps,
  worker: string,
  n: number,
): Promise<Claim[]> {
  const t = now()
  const rows = await db.query(
    // The jobs are read once (ARRAY: a few ids), not joined row by row: the queue may hold thousands of items.
    `WITH picked AS (
       SELECT i.job_id, i.video_id, i.state AS was, i.claimed_at AS was_claimed_at
       FROM collect_items i
       WHERE (i.state = 'queued' AND coalesce(i.lease_until, 0) <= $1
              AND i.job_id = ANY (ARRAY(SELECT j.id FROM collect_jobs j JOIN collections c ON c.id = j.collection_id
                                        WHERE j.state = 'running' AND c.source = $5)))
          OR (i.state = 'running' AND i.lease_until < $1
              AND i.job_id = ANY (ARRAY(SELECT j.id FROM collect_jobs j JOIN collections c ON c.id = j.collection_id
                                        WHERE c.source = $5)))
       ORDER BY i.job_id, i.position
       LIMIT $2
       FOR UPDATE OF i SKIP LOCKED)
     UPDATE collect_items u SET state = 'running', worker = $3, lease_until = $4, claimed_at = $1,
            attempts = u.attempts + 1, reserved_micro = 0
     FROM picked JOIN collect_jobs j ON j.id = picked.job_id JOIN collections c ON c.id = j.collection_id
     WHERE u.job_id = picked.job_id AND u.video_id = picked.video_id
     RETURNING u.job_id, u.video_id, u.attempts, picked.was, picked.was_claimed_at, c.id AS collection_id,
               c.source, c.lang, c.mode, j.state AS job_state`,
    [t, n, worker, t + leaseMs, source],
  )
  return rows.map((r) => ({
    jobId: num(r.job_id),
    videoId: String(r.video_id),
    recovered: r.was === 'running',
    previousClaimAt: r.was_claimed_at === null ? null : num(r.was_claimed_at),
    collection: {
      id: String(r.collection_id),
      source: String(r.source),
      lang: (r.lang as string | null) ?? null,
      mode: r.mode as CaptionMode,
    },
    jobState: String(r.job_state),
    attempts: num(r.attempts),
  }))
}

async function reserveItem(
  db: Database,
  claim: Claim,
  priceMicro: number,
): Promise<'reserved' | 'stopped' | 'capped'> {
  return db.transaction(async (tx) => {
    const [job] = await tx.query(
      'SELECT state, spent_micro, max_micro FROM collect_jobs WHERE id = $1 FOR UPDATE',
      [claim.jobId],
    )
    if (job?.state === 'stopped') return 'stopped'
    if (!job || job.state !== 'running') return 'capped'
    const [held] = await tx.query(
      "SELECT coalesce(sum(reserved_micro), 0)::float8 AS r FROM collect_items WHERE job_id = $1 AND state = 'running'",
      [claim.jobId],
    )
    if (num(job.spent_micro) + num(held?.r) + priceMicro > num(job.max_micro)) return 'capped'
    await tx.query('UPDATE collect_items SET reserved_micro = $3 WHERE job_id = $1 AND video_id = $2', [
      claim.jobId,
      claim.videoId,
      priceMicro,
    ])
    return 'reserved'
  })
}

async function capJob({ db, now }: QueueDeps, claim: Claim): Promise<void> {
  const t = now()
  await db.transaction(async (tx) => {
    await tx.query(
      "UPDATE collect_items SET state = 'queued', worker = NULL, lease_until = NULL, reserved_micro = 0 WHERE job_id = $1 AND video_id = $2",
      [claim.jobId, claim.videoId],
    )
    await tx.query(
      "UPDATE collect_jobs SET state = 'capped', updated_at = $2, finished_at = $2 WHERE id = $1 AND state = 'running'",
      [claim.jobId, t],
    )
  })
}

async function releaseItem(
  { db, now }: QueueDeps,
  claim: Claim,
  delayMs: number,
  costMicro: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE collect_items SET state = CASE WHEN j.state = 'running' THEN 'queued' ELSE 'stopped' END,
              worker = NULL, lease_until = $3, reserved_micro = 0, cost_micro = collect_items.cost_micro + $4
       FROM collect_jobs j WHERE j.id = collect_items.job_id AND job_id = $1 AND video_id = $2`,
      [claim.jobId, claim.videoId, now() + delayMs, costMicro],
    )
    if (costMicro)
      await tx.query('UPDATE collect_jobs SET spent_micro = spent_micro + $2 WHERE id = $1', [
        claim.jobId,
        costMicro,
      ])
    await finishIdleJobs(tx, now, claim.jobId)
  })
}

export function createWorkQueue(deps: QueueDeps) {
  const { db, now, leaseMs } = deps
  return {
    finishIdleJobs: () => finishIdleJobs(db, now),

    /** The embedded engine belongs to one process: at its start, claims a crashed run left are orphans at once. */
    async endOrphanedClaims(): Promise<void> {
      await db.query("UPDATE collect_items SET lease_until = 0 WHERE state = 'running'")
    },

    /** Up to n rows: queued ones of running jobs whose wait is over, and running ones of any job whose lease ran out. */
    claim: (worker: string, n: number): Promise<Claim[]> => claimItems(deps, worker, n),

    /** Keeps this worker's claims alive while their calls run. */
    async renew(worker: string): Promise<void> {
      await db.query("UPDATE collect_items SET lease_until = $2 WHERE worker = $1 AND state = 'running'", [
        worker,
        now() + leaseMs,
      ])
    },

    /**
     * Reserves priceMicro of the job's maximum for this item, just before its call leaves: 'reserved', or why not:
     * 'stopped' (the researcher stopped the job), 'capped' (that would pass the maximum, or the job ended otherwise).
     */
    reserve: (claim: Claim, priceMicro: number): Promise<'reserved' | 'stopped' | 'capped'> =>
      reserveItem(db, claim, priceMicro),

    /** The job's state now, read in the caller's transaction. */
    async jobState(q: Queryable, jobId: number): Promise<string | undefined> {
      const [job] = await q.query<{ state: string }>('SELECT state FROM collect_jobs WHERE id = $1', [jobId])
      return job?.state
    },

    /** The job would pass its maximum: it stops as capped; what is queued stays for a later, knowing collect. */
    cap: (claim: Claim): Promise<void> => capJob(deps, claim),

    /** Back to the queue, unpaid (or paid and cached: asking again is free); delayMs before any instance takes it again. */
    release: (claim: Claim, delayMs: number, costMicro = 0): Promise<void> =>
      releaseItem(deps, claim, delayMs, costMicro),

    /** Records an item's end: its row, the job's spending, the collection's track state; ends the job when nothing is left. */
    finish: (claim: Claim, worker: string, outcome: Outcome): Promise<void> =>
      db.transaction((tx) => finishAll(tx, now, worker, [{ claim, outcome }])),

    /** Records several items' ends in the caller's transaction (the one that stored their tracks): a few statements for all. */
    finishAll: (q: Queryable, worker: string, ends: readonly Ended[]): Promise<void> =>
      finishAll(q, now, worker, ends),
  }
}

export type WorkQueue = ReturnType<typeof createWorkQueue>
