/**
 * The ledger: one row per paid call in `ledger`, written as `pending` in the transaction that reserves its price,
 * BEFORE the call leaves, and settled after it as `charged`, `free_failure` or `charged_failure`. A crash at any
 * moment leaves the row (pending rows are reported as such). Free cache hits are per-day tallies (hit-tallies.ts),
 * not rows, so storage grows with paid calls only. Every report is SQL over these rows, for one data source.
 */
import type { Operation } from '#contract/index.ts'
import { PRICES_USD } from '#contract/index.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import type { ErrorCode } from '../errors.ts'
import type { NormalisedCall } from './cache-key.ts'
import { dayOf, fromMicro } from './money.ts'

export type LedgerState = 'pending' | 'charged' | 'free failure' | 'charged failure'
const STATE_OF: Record<string, LedgerState> = {
  pending: 'pending',
  charged: 'charged',
  free_failure: 'free failure',
  charged_failure: 'charged failure',
}

export type LedgerEntry = {
  id: string
  /** ISO time the call was settled (or left, while pending). */
  at: string
  operation: Operation
  /** Service path, e.g. `/captions/dQw4w9WgXcQ`. */
  path: string
  /** Normalised parameters (defaults filled in, sets sorted): what the cache key is made of. */
  params: Record<string, string>
  priceUsd: number
  /** What this call cost: the price once charged; 0 for a free failure and while pending. */
  costUsd: number
  /** What sharing this call saved: the price for each identical request that joined it. */
  savedUsd: number
  /** Paid calls are misses by definition; hits are tallied per day. */
  cache: 'MISS'
  state: LedgerState
  /** HTTP status the function answered; 0 while pending. */
  status: number
  code?: ErrorCode
  bytes: number
  joined?: number
}

export type SpendTotals = {
  spentUsd: number
  paidCalls: number
  cacheHits: number
  savedUsd: number
  failedCalls: number
  pendingCalls: number
  pendingUsd: number
}
export type BudgetStatus = { capUsd: number; spentUsd: number; leftUsd: number }
export type SourceTotals = { source: string; kind: 'demo' | 'live'; label: string } & SpendTotals

export type SpendReport = {
  storage: string
  /** The data source this dashboard now reads: the report's figures are this source's. */
  source: { kind: 'demo' | 'live'; label: string }
  totals: SpendTotals
  byOperation: ({ operation: Operation } & SpendTotals)[]
  /** Oldest day first; each day also split by operation. */
  byDay: ({ day: string; byOperation: Partial<Record<Operation, SpendTotals>> } & SpendTotals)[]
  /** Every source ever recorded, demo and live apart. */
  bySource: SourceTotals[]
  /** Newest first. */
  recent: LedgerEntry[]
  budget: BudgetStatus | null
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

export const sourceKind = (source: string): 'demo' | 'live' => (source === 'demo' ? 'demo' : 'live')
export const sourceLabel = (source: string): string =>
  source === 'demo' ? 'demo simulator (invented data)' : source.replace(/^live:/, '')

export type Ledger = ReturnType<typeof createLedger>

export function createLedger({
  db,
  source,
  instance,
  now,
}: {
  db: Database
  source: string
  instance: string
  now: () => number
}) {
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

    /** The newest rows first, at most limit of them. */
    async recent(limit: number): Promise<LedgerEntry[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT id, operation, path, params, price_micro, cost_micro, status, http_status, code, bytes, joined, started_at, settled_at
         FROM ledger WHERE source = $1 ORDER BY id DESC LIMIT $2`,
        [source, limit],
      )
      return rows.map((r) => {
        const joined = num(r.joined)
        const priceUsd = fromMicro(num(r.price_micro))
        const state = STATE_OF[String(r.status)] ?? 'pending'
        return {
          id: String(num(r.id)),
          at: new Date(num(r.settled_at ?? r.started_at)).toISOString(),
          operation: r.operation as Operation,
          path: String(r.path),
          params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, string>,
          priceUsd,
          costUsd: fromMicro(num(r.cost_micro)),
          savedUsd: state === 'charged' ? joined * priceUsd : 0,
          cache: 'MISS' as const,
          state,
          status: num(r.http_status),
          ...(r.code ? { code: r.code as ErrorCode } : {}),
          bytes: num(r.bytes),
          ...(joined ? { joined } : {}),
        }
      })
    },

    /** Totals of this source by day and operation (rows and hit tallies), and every source's totals apart. */
    async totals(): Promise<Pick<SpendReport, 'totals' | 'byOperation' | 'byDay' | 'bySource'>> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT source, day, operation,
                sum(cost_micro)::float8 AS spent,
                count(*) FILTER (WHERE status IN ('charged', 'charged_failure'))::int AS paid,
                count(*) FILTER (WHERE status IN ('free_failure', 'charged_failure'))::int AS failed,
                count(*) FILTER (WHERE status = 'pending')::int AS pending,
                coalesce(sum(price_micro) FILTER (WHERE status = 'pending'), 0)::float8 AS pending_micro,
                coalesce(sum(joined) FILTER (WHERE status = 'charged'), 0)::float8 AS joined,
                coalesce(sum(joined * price_micro) FILTER (WHERE status = 'charged'), 0)::float8 AS joined_saved,
                0::float8 AS hits, 0::float8 AS hit_saved
         FROM ledger GROUP BY source, day, operation
         UNION ALL
         SELECT source, day, operation, 0, 0, 0, 0, 0, 0, 0, hits::float8, saved_micro::float8 FROM hit_tallies`,
      )
      const mine = new Map<string, Map<string, Raw>>()
      const perSource = new Map<string, Raw>()
      for (const r of rows) {
        const raw: Raw = {
          spent: num(r.spent),
          paid: num(r.paid),
          failed: num(r.failed),
          pending: num(r.pending),
          pendingMicro: num(r.pending_micro),
          hits: num(r.hits) + num(r.joined),
          saved: num(r.hit_saved) + num(r.joined_saved),
        }
        const src = String(r.source)
        add(at(perSource, src), raw)
        if (src !== source) continue
        let day = mine.get(String(r.day))
        if (!day) mine.set(String(r.day), (day = new Map()))
        add(at(day, String(r.operation)), raw)
      }
      const total = emptyRaw()
      const perOperation = new Map<string, Raw>()
      const byDay = [...mine.keys()].sort().map((day) => {
        const dayTotal = emptyRaw()
        const ops = mine.get(day)!
        for (const [op, raw] of ops) {
          add(dayTotal, raw)
          add(total, raw)
          add(at(perOperation, op), raw)
        }
        return {
          day,
          ...totalsOf(dayTotal),
          byOperation: Object.fromEntries(
            [...ops].filter(([op]) => op in PRICES_USD).map(([op, raw]) => [op, totalsOf(raw)]),
          ),
        }
      })
      const byOperation = [...perOperation]
        .filter(([op]) => op in PRICES_USD)
        .map(([operation, raw]) => ({ operation: operation as Operation, ...totalsOf(raw) }))
        .sort((a, b) => b.spentUsd - a.spentUsd || a.operation.localeCompare(b.operation))
      const bySource = [...perSource]
        .map(([src, raw]) => ({
          source: src,
          kind: sourceKind(src),
          label: sourceLabel(src),
          ...totalsOf(raw),
        }))
        .sort((a, b) => a.source.localeCompare(b.source))
      return { totals: totalsOf(total), byOperation, byDay, bySource }
    },
  }
}

type Raw = {
  spent: number
  paid: number
  failed: number
  pending: number
  pendingMicro: number
  hits: number
  saved: number
}
const emptyRaw = (): Raw => ({ spent: 0, paid: 0, failed: 0, pending: 0, pendingMicro: 0, hits: 0, saved: 0 })
function add(into: Raw, r: Raw): void {
  for (const k of Object.keys(into) as (keyof Raw)[]) into[k] += r[k]
}
function at(map: Map<string, Raw>, k: string): Raw {
  let raw = map.get(k)
  if (!raw) map.set(k, (raw = emptyRaw()))
  return raw
}
const totalsOf = (r: Raw): SpendTotals => ({
  spentUsd: fromMicro(r.spent),
  paidCalls: r.paid,
  cacheHits: r.hits,
  savedUsd: fromMicro(r.saved),
  failedCalls: r.failed,
  pendingCalls: r.pending,
  pendingUsd: fromMicro(r.pendingMicro),
})
