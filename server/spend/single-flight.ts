/**
 * Single flight in this process (docs/decisions/0010): identical requests while one pays join its flight and are
 * answered like hits; the paying entry records how many joined. A leader refused for a reason of its own (its
 * client's rate limit, an error of its own) does not refuse its joiners: they walk again themselves.
 */
import type { PaidResult } from '../gateway.ts'
import { freeResult, type Shared } from './free-answer.ts'
import { PricedFailure } from './priced-failure.ts'

/** Why joiners walk again: the leader was refused for a reason of its own. */
class LeaderRefused extends Error {}

export type Flight = {
  /** Identical requests waiting on this one. */
  readonly joined: number
  /** Shares the outcome with the joiners; newcomers no longer join (the cache answers them). */
  share(shared: Shared): void
  /** Shares a priced failure as it is; any other error sends the joiners back to walk again. No-op once shared. */
  fail(e: unknown): void
  /** Leaves the flight table, sending any joiner still waiting back to walk again. */
  land(): void
}

type Entry = { promise: Promise<Shared>; joined: number }

export function createFlights() {
  const flights = new Map<string, Entry>()

  /** Opens the flight of key, which this request now pays for. */
  function lead(key: string): Flight {
    let settle!: { resolve: (s: Shared) => void; reject: (e: unknown) => void }
    const entry: Entry = {
      promise: new Promise<Shared>((resolve, reject) => (settle = { resolve, reject })),
      joined: 0,
    }
    entry.promise.catch(() => undefined) // nobody may have joined: not an unhandled rejection
    flights.set(key, entry)
    const leave = () => {
      if (flights.get(key) === entry) flights.delete(key)
    }
    const share = (shared: Shared) => {
      leave()
      settle.resolve(shared)
    }
    const land = () => {
      leave()
      settle.reject(new LeaderRefused())
    }
    return {
      get joined() {
        return entry.joined
      },
      share,
      fail: (e) => (e instanceof PricedFailure ? share({ failure: e, cacheable: false }) : land()),
      land,
    }
  }

  /** Waits on the flight paying for key: its outcome like a hit; undefined when no flight is open or its leader was refused. */
  async function join(key: string): Promise<PaidResult | undefined> {
    const entry = flights.get(key)
    if (!entry) return undefined
    entry.joined++
    let shared: Shared
    try {
      shared = await entry.promise
    } catch (e) {
      if (e instanceof LeaderRefused) return undefined
      throw e
    }
    return freeResult(shared)
  }

  return {
    lead,
    join,
    isOpen: (key: string) => flights.has(key),
    inFlight: () => [...flights.values()].map((f) => ({ joined: f.joined })),
  }
}
