/** What the simulated service was asked and what it charged, so tests can check the function's accounting. */
import { addUsd, type Operation } from '#contract/index.ts'

export type SimulatorStats = { calls: number; costUsd: number; byOperation: Record<string, number> }

export function createStats() {
  let calls = 0
  let costUsd = 0
  let byOperation: Record<string, number> = {}
  return {
    /** Every request that reached an operation, whatever its answer. */
    call(operation: Operation) {
      calls++
      byOperation[operation] = (byOperation[operation] ?? 0) + 1
    },
    charge(usd: number) {
      costUsd = addUsd(costUsd, usd)
    },
    snapshot: (): SimulatorStats => ({ calls, costUsd, byOperation: { ...byOperation } }),
    reset() {
      calls = 0
      costUsd = 0
      byOperation = {}
    },
  }
}
