/** The ledger's totals, summed from rows grouped by source, day and operation: this source by day and operation, every source apart. */
import type { Operation } from '#contract/index.ts'
import { PRICES_USD } from '#contract/index.ts'
import { num } from '../db/database.ts'
import { fromMicro } from './money.ts'

export type SpendTotals = {
  spentUsd: number
  paidCalls: number
  cacheHits: number
  savedUsd: number
  failedCalls: number
  pendingCalls: number
  pendingUsd: number
  /** Calls a crash cut off (reconciled or not): the service may have seen each. */
  interruptedCalls: number
  /** What the interrupted calls nobody reconciled yet hold of the budget (their price each; not in spentUsd). */
  interruptedUsd: number
}
type SourceTotals = { source: string; kind: 'demo' | 'live'; label: string } & SpendTotals

export type TotalsReport = {
  totals: SpendTotals
  byOperation: ({ operation: Operation } & SpendTotals)[]
  /** Oldest day first; each day also split by operation. */
  byDay: ({ day: string; byOperation: Partial<Record<Operation, SpendTotals>> } & SpendTotals)[]
  /** Every source ever recorded, demo and live apart. */
  bySource: SourceTotals[]
}

export const sourceKind = (source: string): 'demo' | 'live' => (source === 'demo' ? 'demo' : 'live')
export const sourceLabel = (source: string): string =>
  source === 'demo' ? 'demo simulator (invented data)' : source.replace(/^live:/, '')

/** Sums grouped rows (source, day, operation and their counts) into the report of `source` and of every source. */
export function totalsOfRows(rows: Record<string, unknown>[], source: string): TotalsReport {
  const mine = new Map<string, Map<string, Raw>>()
  const perSource = new Map<string, Raw>()
  for (const r of rows) {
    const raw: Raw = {
      spent: num(r.spent),
      paid: num(r.paid),
      failed: num(r.failed),
      pending: num(r.pending),
      pendingMicro: num(r.pending_micro),
      interrupted: num(r.interrupted),
      interruptedMicro: num(r.interrupted_micro),
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
}

type Raw = {
  spent: number
  paid: number
  failed: number
  pending: number
  pendingMicro: number
  interrupted: number
  interruptedMicro: number
  hits: number
  saved: number
}
const emptyRaw = (): Raw => ({
  spent: 0,
  paid: 0,
  failed: 0,
  pending: 0,
  pendingMicro: 0,
  interrupted: 0,
  interruptedMicro: 0,
  hits: 0,
  saved: 0,
})
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
  interruptedCalls: r.interrupted,
  interruptedUsd: fromMicro(r.interruptedMicro),
})
