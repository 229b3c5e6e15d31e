/**
 * The collect job's share of the service: at most `n` of its calls in flight at once. A slot is taken just before a
 * call's ledger row is written and given back when the service's answer has arrived, so the bookkeeping before and
 * after each call overlaps the other calls' waiting (docs/decisions/0173).
 */
import pLimit from 'p-limit'

/** Resolves with the slot's release (idempotent) once one of the n slots is free. */
export type UpstreamSlots = () => Promise<() => void>

export function upstreamSlots(n: number): UpstreamSlots {
  const limit = pLimit(n)
  return () =>
    new Promise((acquired) => {
      void limit(
        () =>
          new Promise<void>((release) => {
            let released = false
            acquired(() => {
              if (released) return
              released = true
              release()
            })
          }),
      )
    })
}
