/** Collect jobs as the HTTP interface sees them: start one (its work rows), stop it, read its progress from any instance. */
import type { Job } from '#contract/collections.ts'

import { num, type Database, type Queryable, type Row } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import { fromMicro } from '../spend/money.ts'
import { videosToCollect } from './collect-price.ts'
import type { CollectionRow, CollectionStore } from './collection-store.ts'

const JOB_SQL = `
SELECT j.*, coalesce(i.total, 0) AS total, coalesce(i.collected, 0) AS collected,
       coalesce(i.unavailable, 0) AS unavailable, coalesce(i.failed, 0) AS failed,
       coalesce(i.queued, 0) AS queued, coalesce(i.running, 0) AS running
FROM collect_jobs j
LEFT JOIN (
  SELECT job_id, count(*)::int AS total,
         count(*) FILTER (WHERE state = 'collected')::int AS collected,
         count(*) FILTER (WHERE state = 'unavailable')::int AS unavailable,
         count(*) FILTER (WHERE state = 'failed')::int AS failed,
         count(*) FILTER (WHERE state IN ('queued', 'stopped'))::int AS queued,
         count(*) FILTER (WHERE state = 'running')::int AS running
  FROM collect_items WHERE job_id = (SELECT max(id) FROM collect_jobs WHERE collection_id = $1) GROUP BY job_id
) i ON i.job_id = j.id
WHERE j.id = (SELECT max(id) FROM collect_jobs WHERE collection_id = $1)`

function jobOf(r: Row): Job {
  const collected = num(r.collected)
  const unavailable = num(r.unavailable)
  const failed = num(r.failed)
  return {
    id: num(r.id),
    state: r.state as Job['state'],
    maxUsd: fromMicro(num(r.max_micro)),
    spentUsd: fromMicro(num(r.spent_micro)),
    total: num(r.total),
    done: collected + unavailable + failed,
    collected,
    unavailable,
    failed,
    queued: num(r.queued),
    running: num(r.running),
    startedAt: num(r.created_at),
    updatedAt: num(r.updated_at),
    finishedAt: r.finished_at === null || r.finished_at === undefined ? null : num(r.finished_at),
  }
}

/** The collection's latest job, or null when it never collected. */
async function latestJob(q: Queryable, collectionId: string): Promise<Job | null> {
  const [r] = await q.query(JOB_SQL, [collectionId])
  return r ? jobOf(r) : null
}

const alreadyRunning = () =>
  new ApiFailure(
    409,
    'conflict',
    'This collection is already being collected: wait for that job to finish, or stop it before starting another.',
  )

export function createJobStore({
  db,
  collections,
  now,
  onStart,
}: {
  db: Database
  collections: CollectionStore
  now: () => number
  /** Wakes this instance's runner, so a new job starts without waiting for the next poll. */
  onStart?: () => void
}) {
  return {
    latest: (collectionId: string) => latestJob(db, collectionId),

    /** A new job over what the collection still lacks; what earlier jobs left queued is closed (this one takes it over). */
    async start(c: CollectionRow, maxMicro: number): Promise<Job> {
      await collections.linkStoredTracks(c)
      const ids = await videosToCollect(db, c.id)
      const job = await db
        .transaction(async (tx) => {
          await tx.query('SELECT id FROM collections WHERE id = $1 FOR UPDATE', [c.id])
          const [running] = await tx.query(
            "SELECT id FROM collect_jobs WHERE collection_id = $1 AND state = 'running'",
            [c.id],
          )
          if (running) throw alreadyRunning()
          const t = now()
          await tx.query(
            `UPDATE collect_items SET state = 'stopped', lease_until = NULL
             WHERE state = 'queued' AND job_id IN (SELECT id FROM collect_jobs WHERE collection_id = $1)`,
            [c.id],
          )
          const [j] = await tx.query<{ id: unknown }>(
            `INSERT INTO collect_jobs (collection_id, state, max_micro, created_at, updated_at, finished_at)
             VALUES ($1, $2, $3, $4, $4, $5) RETURNING id`,
            [c.id, ids.length ? 'running' : 'done', maxMicro, t, ids.length ? null : t],
          )
          await tx.query(
            `INSERT INTO collect_items (job_id, video_id, state, position)
             SELECT $1, r.video_id, 'queued', r.ord FROM jsonb_to_recordset($2::jsonb) AS r(ord int, video_id text)`,
            [num(j!.id), JSON.stringify(ids.map((video_id, ord) => ({ ord, video_id })))],
          )
          return latestJob(tx, c.id)
        })
        .catch((e: unknown) => {
          // Two instances starting at once: the one-running-job index refuses the second.
          if (e instanceof Error && /collect_jobs_one_running/.test(e.message)) throw alreadyRunning()
          throw e
        })
      onStart?.()
      return job!
    },

    /** Stops the running job: queued work is set aside (a later start takes it), running items finish. */
    async stop(collectionId: string): Promise<Job | null> {
      return db.transaction(async (tx) => {
        const t = now()
        const stopped = await tx.query<{ id: unknown }>(
          `UPDATE collect_jobs SET state = 'stopped', updated_at = $2, finished_at = $2
           WHERE collection_id = $1 AND state = 'running' RETURNING id`,
          [collectionId, t],
        )
        if (stopped[0])
          await tx.query(
            "UPDATE collect_items SET state = 'stopped', lease_until = NULL WHERE job_id = $1 AND state = 'queued'",
            [num(stopped[0].id)],
          )
        return latestJob(tx, collectionId)
      })
    },
  }
}
