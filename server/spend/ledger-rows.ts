/** The ledger row of one paid call: claimed `pending` before the call leaves, settled after it; read by waiting instances. */
import { num, type Database, type Queryable, type Statement } from '../db/database.ts'
import type { ErrorCode } from '../errors.ts'
import type { NormalisedCall } from './cache-key.ts'
import { dayOf } from './money.ts'

export type LedgerState = 'pending' | 'charged' | 'free failure' | 'charged failure' | 'interrupted'
export const STATE_OF: Record<string, LedgerState> = {
  pending: 'pending',
  charged: 'charged',
  free_failure: 'free failure',
  charged_failure: 'charged failure',
  interrupted: 'interrupted',
}

/** The note of a call whose claim ended without an outcome (the same words as migration 0011's). */
export const INTERRUPTED_NOTE = 'the server stopped while this call was in flight; it may have been charged'

const ABANDONED_NOTE =
  'The database failed while this call was being recorded; it never left for the service and cost nothing.'

/** SQL: the claim's instance (ledger alias l) has not beaten within $staleMs milliseconds (or never did). */
const deadInstance = (staleMs: string) =>
  `NOT EXISTS (SELECT 1 FROM instance_heartbeats h WHERE h.instance = l.instance
     AND h.beat_at > clock_timestamp() - ${staleMs}::float8 * interval '1 millisecond')`

export type Settlement = {
  state: 'charged' | 'free_failure' | 'charged_failure'
  costMicro: number
  httpStatus: number
  code?: ErrorCode
  message?: string
  param?: string
  retryAfterSeconds?: number
  bytes: number
  joined: number
}

export type FlightState = {
  inFlight: boolean
  state: LedgerState
  httpStatus: number
  code?: ErrorCode
  message?: string
  param?: string
  retryAfterSeconds?: number
}

export type ClaimOutcome =
  | { outcome: 'claimed'; id: string }
  | { outcome: 'elsewhere' | 'stored' }
  | { outcome: 'over_budget'; spentMicro: number }

export type LedgerContext = { db: Database; source: string; instance: string; now: () => number }

/** Ends claims as interrupted: rows matching the condition (over ledger l, parameters from $3), keeping their reservation. */
const END_CLAIMS = (condition: string) =>
  `UPDATE ledger l SET in_flight = false, status = 'interrupted', message = $1, settled_at = $2
   WHERE l.in_flight AND ${condition} RETURNING id`

/** The settlement's UPDATE (returning the row's id when it was settled), its parameters numbered from $first. */
const settleStatementWith =
  (now: () => number) =>
  (id: string, s: Settlement, first: number): Statement => {
    const $ = (i: number) => `$${first + i - 1}`
    return {
      sql: `UPDATE ledger SET status = ${$(2)}, cost_micro = ${$(3)}, http_status = ${$(4)}, code = ${$(5)}, message = ${$(6)},
              param = ${$(7)}, retry_after = ${$(8)}, bytes = ${$(9)}, joined = ${$(10)}, in_flight = false, settled_at = ${$(11)}
            WHERE id = ${$(1)} AND status IN ('pending', 'interrupted') AND reconciled_at IS NULL RETURNING id`,
      params: [
        id,
        s.state,
        s.costMicro,
        s.httpStatus,
        s.code ?? null,
        s.message ?? null,
        s.param ?? null,
        s.retryAfterSeconds ?? null,
        s.bytes,
        s.joined,
        now(),
      ],
    }
  }

/**
 * Claims the call and reserves its price in one statement (migration 0012's claim_paid_call): `claimed` with the
 * row's id; `elsewhere` when another request holds the flight; `stored` when another instance stored the answer
 * meanwhile (checkCache); `over_budget` with what is spent. A refused claim leaves no row of its own.
 */
const claimReservingWith =
  (source: string, instance: string) =>
  async (
    q: Queryable,
    n: NormalisedCall,
    key: string,
    priceMicro: number,
    c: {
      leaseMs: number
      deadAfterMs?: number | undefined
      at: number
      capMicro?: number
      checkCache: boolean
    },
  ): Promise<ClaimOutcome> => {
    const [row] = await q.query<{ outcome: string; claim_id: unknown; spent: unknown }>(
      'SELECT outcome, claim_id, spent FROM claim_paid_call($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)',
      [
        source,
        key,
        n.operation,
        n.path,
        JSON.stringify(n.params),
        priceMicro,
        c.at + c.leaseMs,
        instance,
        dayOf(c.at),
        c.at,
        c.deadAfterMs ?? null,
        c.checkCache,
        c.capMicro ?? null,
        INTERRUPTED_NOTE,
      ],
    )
    const outcome = row?.outcome
    if (outcome === 'claimed') return { outcome, id: String(num(row!.claim_id)) }
    if (outcome === 'over_budget') return { outcome, spentMicro: num(row!.spent) }
    if (outcome === 'elsewhere' || outcome === 'stored') return { outcome }
    throw new Error(`claim_paid_call answered ${String(outcome)}`)
  }

export function ledgerRows({ db, source, instance, now }: LedgerContext) {
  const settleStatement = settleStatementWith(now)
  return {
    settleStatement,
    /**
     * Claims the call for this instance (at most one row in flight per source and key) and records it as pending.
     * Undefined when another request, here or on another instance, is paying for the same call right now.
     */
    async claim(
      tx: Queryable,
      n: NormalisedCall,
      key: string,
      priceMicro: number,
      { leaseMs, deadAfterMs, at }: { leaseMs: number; deadAfterMs?: number | undefined; at: number },
    ): Promise<string | undefined> {
      const t = at
      const insert = () =>
        tx.query<{ id: unknown }>(
          `INSERT INTO ledger (source, cache_key, operation, path, params, price_micro, lease_until, instance, day, started_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (source, cache_key) WHERE in_flight DO NOTHING RETURNING id`,
          [
            source,
            key,
            n.operation,
            n.path,
            JSON.stringify(n.params),
            priceMicro,
            t + leaseMs,
            instance,
            dayOf(t),
            t,
          ],
        )
      let rows = await insert()
      if (!rows[0] && deadAfterMs !== undefined) {
        // A claim whose instance stopped beating stops blocking others; a live instance's claim holds however long.
        const ended = await tx.query(
          END_CLAIMS(`l.source = $3 AND l.cache_key = $4 AND l.instance <> $5 AND ${deadInstance('$6')}`),
          [INTERRUPTED_NOTE, t, source, key, instance, deadAfterMs],
        )
        if (ended.length) rows = await insert()
      }
      return rows[0] ? String(num(rows[0].id)) : undefined
    },

    claimReserving: claimReservingWith(source, instance),

    /**
     * A claim whose transaction failed as far as this instance could tell may have committed all the same (its answer
     * lost with the connection): its row, if there is one, is settled as the free failure it was (nothing left), and
     * its price returned (the caller gives it back to the budget). Undefined when no such row was written.
     */
    async abandonClaim(tx: Queryable, key: string, at: number): Promise<number | undefined> {
      const [row] = await tx.query<{ price_micro: unknown }>(
        `UPDATE ledger SET status = 'free_failure', cost_micro = 0, http_status = 503, code = 'storage_unavailable',
                message = $5, in_flight = false, settled_at = $6
         WHERE source = $1 AND cache_key = $2 AND instance = $3 AND started_at = $4 AND status = 'pending' AND in_flight
         RETURNING price_micro`,
        [source, key, instance, at, ABANDONED_NOTE, now()],
      )
      return row ? num(row.price_micro) : undefined
    },

    /** The row that holds the flight for key now, if any. */
    async flightOf(key: string): Promise<string | undefined> {
      const [row] = await db.query<{ id: unknown }>(
        'SELECT id FROM ledger WHERE source = $1 AND cache_key = $2 AND in_flight',
        [source, key],
      )
      return row ? String(num(row.id)) : undefined
    },

    /**
     * Writes the call's outcome; false when the row was reconciled by hand meanwhile (its claim ended while this instance
     * still waited on the call): that decision stands, and the caller leaves the budget as it is.
     */
    async settle(tx: Queryable, id: string, s: Settlement): Promise<boolean> {
      const { sql, params } = settleStatement(id, s, 1)
      return (await tx.query(sql, params)).length > 0
    },

    /** How a call claimed elsewhere stands (an instance waiting on it reads this). */
    async flight(id: string): Promise<FlightState | undefined> {
      const [r] = await db.query<Record<string, unknown>>(
        'SELECT in_flight, status, http_status, code, message, param, retry_after FROM ledger WHERE id = $1',
        [id],
      )
      if (!r) return undefined
      return {
        inFlight: r.in_flight === true,
        state: STATE_OF[String(r.status)] ?? 'pending',
        httpStatus: num(r.http_status),
        ...(r.code ? { code: r.code as ErrorCode } : {}),
        ...(r.message ? { message: String(r.message) } : {}),
        ...(r.param ? { param: String(r.param) } : {}),
        ...(r.retry_after !== null && r.retry_after !== undefined
          ? { retryAfterSeconds: num(r.retry_after) }
          : {}),
      }
    },

    /** The claim id, if its instance stopped beating: ended as interrupted (true), else left alone (false). */
    async endIfDead(id: string, deadAfterMs: number): Promise<boolean> {
      const rows = await db.query(END_CLAIMS(`l.id = $3 AND l.instance <> $4 AND ${deadInstance('$5')}`), [
        INTERRUPTED_NOTE,
        now(),
        id,
        instance,
        deadAfterMs,
      ])
      return rows.length > 0
    },

    /** Every claim whose instance stopped beating, ended as interrupted (an instance starting clears what the dead left). */
    async endDeadClaims(deadAfterMs: number): Promise<number> {
      const rows = await db.query(END_CLAIMS(`l.instance <> $3 AND ${deadInstance('$4')}`), [
        INTERRUPTED_NOTE,
        now(),
        instance,
        deadAfterMs,
      ])
      return rows.length
    },

    /**
     * Records a person's word on an interrupted call of this source: charged (its price becomes its cost) or not.
     * The price, or why not: no such row, or it is not an interrupted call waiting for its reconciliation.
     */
    async reconcile(
      tx: Queryable,
      id: string,
      charged: boolean,
      by: string,
    ): Promise<{ priceMicro: number } | { refused: 'not found' | 'not interrupted' | 'already reconciled' }> {
      const [done] = await tx.query<{ price_micro: unknown }>(
        `UPDATE ledger SET reconciled_at = $3, reconciled_by = $4, reconciled_charged = $5,
                cost_micro = CASE WHEN $5 THEN price_micro ELSE 0 END
         WHERE id = $1 AND source = $2 AND status = 'interrupted' AND reconciled_at IS NULL RETURNING price_micro`,
        [id, source, now(), by, charged],
      )
      if (done) return { priceMicro: num(done.price_micro) }
      const [row] = await tx.query<{ status: unknown }>(
        'SELECT status FROM ledger WHERE id = $1 AND source = $2',
        [id, source],
      )
      if (!row) return { refused: 'not found' }
      return { refused: row.status === 'interrupted' ? 'already reconciled' : 'not interrupted' }
    },

    /** On the embedded engine one process owns the data: claims left by a crashed run end now, as interrupted. */
    async endOrphanedClaims(): Promise<number> {
      const rows = await db.query(END_CLAIMS('true'), [INTERRUPTED_NOTE, now()])
      return rows.length
    },
  }
}
