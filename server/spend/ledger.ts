/**
 * The ledger: one storage key per call (never a shared array that a concurrent write could overwrite),
 * plus per-day tallies by operation updated atomically, so totals need no scan. Layout:
 *   ledger-days                 set of days that have entries
 *   ledger-seq:<day>            counter: entries of that day (entry keys are 1..n)
 *   ledger:<day>:<n>            one entry (JSON)
 *   tally:<day>                 fields `<operation>|<measure>`: spentMicro, paid, hits, savedMicro, failed
 */
import { z } from 'zod'
import { PRICES_USD, type Operation } from '../../contract/index.ts'
import type { ErrorCode } from '../errors.ts'
import { dayOf, fromMicro, toMicro } from './money.ts'
import type { SpendStore, StoreKind } from './storage.ts'

export type LedgerEntry = {
  /** `<day>/<n>`: unique, in recording order within the day. */
  id: string
  /** ISO time the call finished. */
  at: string
  operation: Operation
  /** Service path, e.g. `/captions/dQw4w9WgXcQ`. */
  path: string
  /** Normalised parameters (defaults filled in, sets sorted): what the cache key is made of. */
  params: Record<string, string>
  /** List price of the operation. */
  priceUsd: number
  /** What this call cost: the price when the service was paid, 0 for a cache hit or an uncharged failure. */
  costUsd: number
  /** What the cache saved: the price for a hit (and for each request that shared this call), else 0. */
  savedUsd: number
  cache: 'HIT' | 'MISS'
  /** HTTP status the function answered. */
  status: number
  /** Error code when the call failed. */
  code?: ErrorCode
  /** Size of the answer's body in bytes (0 for a failure). */
  bytes: number
  /** Identical requests that arrived while this one was being paid and shared its answer (single flight). */
  joined?: number
}

export type SpendTotals = { spentUsd: number; paidCalls: number; cacheHits: number; savedUsd: number; failedCalls: number }

export type BudgetStatus = { capUsd: number; spentUsd: number; leftUsd: number }

export type SpendReport = {
  storage: StoreKind
  totals: SpendTotals
  byOperation: ({ operation: Operation } & SpendTotals)[]
  /** Oldest day first; each day also split by operation (for a chart of spend over time). */
  byDay: ({ day: string; byOperation: Partial<Record<Operation, SpendTotals>> } & SpendTotals)[]
  /** Newest first. */
  recent: LedgerEntry[]
  budget: BudgetStatus | null
}

const MEASURES = ['spentMicro', 'paid', 'hits', 'savedMicro', 'failed'] as const
type Measure = (typeof MEASURES)[number]

const Entry = z.object({ id: z.string(), at: z.string(), operation: z.string(), path: z.string(), params: z.record(z.string(), z.string()) }).loose()

export type Ledger = ReturnType<typeof createLedger>

export function createLedger(store: SpendStore, now: () => number) {
  const { kv, atomic } = store
  const knownDays = new Set<string>()

  function deltasOf(e: Omit<LedgerEntry, 'id' | 'at'>): Record<string, number> {
    const m: Partial<Record<Measure, number>> = {}
    if (e.cache === 'HIT') {
      m.hits = 1
      m.savedMicro = toMicro(e.savedUsd)
    } else {
      if (e.costUsd > 0) {
        m.spentMicro = toMicro(e.costUsd)
        m.paid = 1
      }
      if (e.code) m.failed = 1
      if (e.joined && e.savedUsd > 0) {
        m.hits = e.joined
        m.savedMicro = toMicro(e.savedUsd)
      }
    }
    return Object.fromEntries(Object.entries(m).filter(([, v]) => v !== 0).map(([k, v]) => [`${e.operation}|${k}`, v]))
  }

  return {
    async record(input: Omit<LedgerEntry, 'id' | 'at'>): Promise<LedgerEntry> {
      const time = now()
      const day = dayOf(time)
      const writes: Promise<unknown>[] = []
      if (!knownDays.has(day)) {
        knownDays.add(day)
        writes.push(atomic.addMember('ledger-days', day).catch((e: unknown) => (knownDays.delete(day), Promise.reject(e))))
      }
      const deltas = deltasOf(input)
      if (Object.keys(deltas).length) writes.push(atomic.addToFields(`tally:${day}`, deltas))
      // The entry needs its number first; the day's set and tally are written meanwhile.
      const entry = atomic.incrBy(`ledger-seq:${day}`, 1).then(async (n) => {
        const e: LedgerEntry = { id: `${day}/${n}`, at: new Date(time).toISOString(), ...input }
        await kv.setItem(`ledger:${day}:${n}`, e)
        return e
      })
      const [recorded] = await Promise.all([entry, ...writes])
      return recorded
    },

    /** The newest entries first, at most limit of them. */
    async recent(limit: number): Promise<LedgerEntry[]> {
      await store.flush() // records of free hits may still be on their way
      const days = (await atomic.members('ledger-days')).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().reverse()
      const out: LedgerEntry[] = []
      for (const day of days) {
        if (out.length >= limit) break
        const count = await atomic.get(`ledger-seq:${day}`)
        const wanted = Math.min(count, limit - out.length)
        const keys = Array.from({ length: wanted }, (_, i) => `ledger:${day}:${count - i}`)
        // Bounded batches: one day can hold thousands of entries.
        for (let i = 0; i < keys.length; i += 200) {
          const items = await kv.getItems(keys.slice(i, i + 200))
          const byKey = new Map(items.map((it) => [it.key, it.value]))
          for (const key of keys.slice(i, i + 200)) {
            const parsed = Entry.safeParse(byKey.get(key))
            if (parsed.success) out.push(parsed.data as unknown as LedgerEntry)
          }
        }
      }
      return out.slice(0, limit)
    },

    async totals(): Promise<Pick<SpendReport, 'totals' | 'byOperation' | 'byDay'>> {
      await store.flush()
      const days = (await atomic.members('ledger-days')).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort()
      const tallies = await Promise.all(days.map((d) => atomic.readFields(`tally:${d}`)))
      const total = emptyRaw()
      const perOperation = new Map<Operation, Raw>()
      const byDay = days.map((day, i) => {
        const dayTotal = emptyRaw()
        const dayOps = new Map<Operation, Raw>()
        for (const [field, value] of Object.entries(tallies[i] ?? {})) {
          const [operation, measure] = field.split('|') as [Operation, Measure]
          if (!(operation in PRICES_USD) || !MEASURES.includes(measure)) continue
          for (const target of [total, dayTotal, at(perOperation, operation), at(dayOps, operation)]) target[measure] += value
        }
        return { day, ...totalsOf(dayTotal), byOperation: Object.fromEntries([...dayOps].map(([op, raw]) => [op, totalsOf(raw)])) }
      })
      const byOperation = [...perOperation].map(([operation, raw]) => ({ operation, ...totalsOf(raw) })).sort((a, b) => b.spentUsd - a.spentUsd || a.operation.localeCompare(b.operation))
      return { totals: totalsOf(total), byOperation, byDay }
    },
  }
}

type Raw = Record<Measure, number>
const emptyRaw = (): Raw => ({ spentMicro: 0, paid: 0, hits: 0, savedMicro: 0, failed: 0 })
function at(map: Map<Operation, Raw>, op: Operation): Raw {
  let raw = map.get(op)
  if (!raw) map.set(op, (raw = emptyRaw()))
  return raw
}
const totalsOf = (r: Raw): SpendTotals => ({ spentUsd: fromMicro(r.spentMicro), paidCalls: r.paid, cacheHits: r.hits, savedUsd: fromMicro(r.savedMicro), failedCalls: r.failed })
