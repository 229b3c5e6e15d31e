/** The ledger row of one paid call: claimed `pending` before the call leaves, settled after it; read by waiting instances. */
import { num, type Database, type Queryable } from '../db/database.ts'
import type { ErrorCode } from '../errors.ts'
import type { NormalisedCall } from './cache-key.ts'
import { dayOf } from './money.ts'

export type LedgerState = 'pending' | 'charged' | 'free failure' | 'charged failure'
export const STATE_OF: Record<string, LedgerState> = {
  pending: 'pending',
  charged: 'charged',
  free_failure: 'free failure',
  charged_failure: 'charged failure',
}

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

export type LedgerContext = { db: Database; source: string; instance: string; now: () => number }

export function ledgerRows({ db, source, instance, now }: LedgerContext) {
  return {
    /**
     * Claims the call for this instance (at most one row in flight per source and key) and records it as pending.
     * Undefined when another request, here or on another instance, is paying for the same call right now.
     */
    async claim(
      tx: Queryable,
      n: NormalisedCall,
      key: string,
      priceMicro: number,
      leaseMs: number,
    ): Promise<string | undefined> {
      const t = now()
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
      if (!rows[0]) {
        // A claim whose instance died (its lease ran out) stops blocking others; its row stays pending.
        const ended = await tx.query(
          'UPDATE ledger SET in_flight = false WHERE source = $1 AND cache_key = $2 AND in_flight AND lease_until < $3 RETURNING id',
          [source, key, t],
        )
        if (ended.length) rows = await insert()
      }
      return rows[0] ? String(num(rows[0].id)) : undefined
    },

    /** The row that holds the flight for key now, if any. */
    async flightOf(key: string): Promise<string | undefined> {
      const [row] = await db.query<{ id: unknown }>(
        'SELECT id FROM ledger WHERE source = $1 AND cache_key = $2 AND in_flight',
        [source, key],
      )
      return row ? String(num(row.id)) : undefined
    },

    async settle(tx: Queryable, id: string, s: Settlement): Promise<void> {
      await tx.query(
        `UPDATE ledger SET status = $2, cost_micro = $3, http_status = $4, code = $5, message = $6, param = $7, retry_after = $8,
                bytes = $9, joined = $10, in_flight = false, settled_at = $11 WHERE id = $1`,
        [
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
      )
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

    /** On the embedded engine one process owns the data: claims left by a crashed run end now (rows stay pending). */
    async endOrphanedClaims(): Promise<number> {
      const rows = await db.query('UPDATE ledger SET in_flight = false WHERE in_flight RETURNING id')
      return rows.length
    },
  }
}
