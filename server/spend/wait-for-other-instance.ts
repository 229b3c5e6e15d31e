/**
 * Another instance holds the claim on this very call: rather than pay twice, this one polls its ledger row
 * (20–200 ms) until it settles, then serves its answer from the cache or shares its failure. Every second it also
 * asks whether that instance still beats: a dead one's claim is ended (interrupted) and this request walks again
 * rather than waiting for a lease to run out. docs/decisions/0120, 0186.
 */
import { StorageUnavailable } from '../db/database.ts'
import { storageFailure } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'
import type { Liveness } from './heartbeat.ts'
import type { Ledger } from './ledger.ts'
import { refusal } from './priced-failure.ts'
import type { Cached, ResponseCache } from './response-cache.ts'

/** The call ended without an answer to share: walk again. */
export const AGAIN = Symbol('again')

export type WaitDeps = {
  ledger: Pick<Ledger, 'flightOf' | 'flight' | 'endIfDead'>
  cache: Pick<ResponseCache, 'get'>
  /** How long a claim is expected to hold: waiting longer is pointless, the walk starts again. */
  leaseMs: number
  /** Whether the claim's instance still beats; without it, no claim is ever ended here. */
  liveness?: Liveness
  sleep?: (ms: number) => Promise<void>
  /** Real time (tests move it with their sleep). */
  clock?: () => number
}

/** How often a waiting request asks whether the claim's instance is alive. */
const LIVENESS_EVERY_MS = 1000

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** The other instance's answer (through the cache), else AGAIN; its failure, or a database that fails, is thrown priced at 0. */
export async function waitForOtherInstance(deps: WaitDeps, key: string): Promise<Cached | typeof AGAIN> {
  let outcome: Cached | ApiFailure | typeof AGAIN
  try {
    outcome = await poll(deps, key)
  } catch (e) {
    throw e instanceof StorageUnavailable ? refusal(storageFailure(e)) : e
  }
  if (outcome instanceof ApiFailure) throw refusal(outcome)
  return outcome
}

async function poll(
  { ledger, cache, leaseMs, liveness, sleep = pause, clock = Date.now }: WaitDeps,
  key: string,
): Promise<Cached | ApiFailure | typeof AGAIN> {
  const id = await ledger.flightOf(key)
  const deadline = clock() + leaseMs
  let askedAt = clock()
  for (let wait = 20; clock() < deadline; wait = Math.min(200, wait * 1.5)) {
    if (!id) break
    if (liveness && clock() - askedAt >= LIVENESS_EVERY_MS) {
      askedAt = clock()
      if (liveness.canJudge() && (await ledger.endIfDead(id, liveness.staleMs))) return AGAIN
    }
    const state = await ledger.flight(id)
    if (!state || !state.inFlight) {
      const hit = await cache.get(key)
      if (hit) return hit
      // A claim undone after a database failure left nothing to share: this request walks again.
      if (state && state.state !== 'charged' && state.code && state.code !== 'storage_unavailable') {
        return new ApiFailure(
          state.httpStatus as 502,
          state.code,
          state.message ?? 'The data service call failed.',
          { param: state.param, retryAfterSeconds: state.retryAfterSeconds },
        )
      }
      return AGAIN
    }
    await sleep(wait)
  }
  return (await cache.get(key)) ?? AGAIN
}
