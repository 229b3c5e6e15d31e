/** What the simulated service was asked and what it charged, so tests can check the function's accounting. */
import { addUsd, type Operation } from '#contract/index.ts'

export type SimulatorStats = { calls: number; costUsd: number; byOperation: Record<string, number> }

/** One request that reached an operation: its key (callKey) and its operation. */
type CallRecord = { key: string; operation: Operation }

/** The calls in the order they arrived; `dropped` counts the oldest ones let go past MAX_LOGGED_CALLS. */
export type CallLog = { calls: CallRecord[]; dropped: number }

/** A long load run keeps only this many calls in its log (the counters count them all). */
const MAX_LOGGED_CALLS = 100_000

/**
 * What identifies a call, as the function sends no id of its own: method, path and query, the parameters sorted by
 * name then value, so the same question sent with its parameters in another order has the same key.
 */
export function callKey(method: string, path: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  return `${method.toUpperCase()} ${path}?${new URLSearchParams(sorted).toString()}`
}

export function createStats() {
  let calls = 0
  let costUsd = 0
  let byOperation: Record<string, number> = {}
  let log: CallRecord[] = []
  let dropped = 0
  return {
    /** Every request that reached an operation, whatever its answer. */
    call(operation: Operation, key: string) {
      calls++
      byOperation[operation] = (byOperation[operation] ?? 0) + 1
      if (log.length >= MAX_LOGGED_CALLS) {
        log.shift()
        dropped++
      }
      log.push({ key, operation })
    },
    charge(usd: number) {
      costUsd = addUsd(costUsd, usd)
    },
    snapshot: (): SimulatorStats => ({ calls, costUsd, byOperation: { ...byOperation } }),
    callLog: (): CallLog => ({ calls: [...log], dropped }),
    reset() {
      calls = 0
      costUsd = 0
      byOperation = {}
      log = []
      dropped = 0
    },
  }
}
