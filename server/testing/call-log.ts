/**
 * Each call the simulated service saw (its key: simulator/stats.ts, callKey) matched with a ledger row of its own, so
 * a test checks one row per call rather than comparing counts.
 */
import { callKey, type CallLog } from '#simulator/stats.ts'
import type { Queryable } from '../db/database.ts'

/** The call log of a simulator running in its own process (bench/lib/simulator-process.ts). */
export async function simulatorCallLog(sim: { origin: string }): Promise<CallLog> {
  const res = await fetch(`${sim.origin}/__bench/calls`)
  if (!res.ok) throw new Error(`the simulator's call log answered ${res.status}`)
  return (await res.json()) as CallLog
}

export type LedgerCall = { id: string; key: string; status: string }

/**
 * The ledger's rows as call keys. A row holds the call's normalised parameters, which are the query the function sent
 * when it sends each parameter once and its defaults explicitly (the search and the collect job's caption calls do).
 */
export async function ledgerCalls(
  q: Queryable,
  where: { source?: string; operation?: string } = {},
): Promise<LedgerCall[]> {
  const rows = await q.query<{ id: unknown; path: string; params: unknown; status: string }>(
    `SELECT id, path, params, status FROM ledger
     WHERE ($1::text IS NULL OR source = $1) AND ($2::text IS NULL OR operation = $2) ORDER BY id`,
    [where.source ?? null, where.operation ?? null],
  )
  return rows.map((r) => {
    const params = (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, string>
    return { id: String(r.id), key: callKey('GET', r.path, Object.entries(params)), status: r.status }
  })
}

const CHARGED = new Set(['charged', 'charged_failure'])

/**
 * Pairs every call with a row of the same key, each row used once (charged rows first: each one needs a call).
 * What is left: calls without a row of their own, and charged rows without a call (a pending or free-failure row may
 * have none: its call never left, or the crash hid whether it did).
 */
export function matchCallsToRows(calls: readonly { key: string }[], rows: readonly LedgerCall[]) {
  const byKey = new Map<string, LedgerCall[]>()
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r])
  for (const list of byKey.values())
    list.sort((a, b) => Number(CHARGED.has(b.status)) - Number(CHARGED.has(a.status)))
  const callsWithoutRow: string[] = []
  let matched = 0
  for (const c of calls) {
    if (byKey.get(c.key)?.shift()) matched++
    else callsWithoutRow.push(c.key)
  }
  const left = [...byKey.values()].flat()
  return {
    matched,
    callsWithoutRow,
    chargedRowsWithoutCall: left.filter((r) => CHARGED.has(r.status)).map((r) => `${r.status} ${r.key}`),
  }
}
