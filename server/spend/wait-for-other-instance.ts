/**
 * Another instance holds the claim on this very call: rather than pay twice, this one polls its ledger row
 * (20–200 ms) until it settles, then serves its answer from the cache or shares its failure. docs/decisions/0120.
 */
import { StorageUnavailable } from '../db/database.ts'
import { storageFailure } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'
import type { Ledger } from './ledger.ts'
import { refusal } from './priced-failure.ts'
import type { Cached, ResponseCache } from './response-cache.ts'

/** The call ended without an answer to share: walk again. */
export const AGAIN = Symbol('again')

export type WaitDeps = {
  ledger: Pick<Ledger, 'flightOf' | 'flight'>
  cache: Pick<ResponseCache, 'get'>
  /** How long a claim holds: waiting longer is pointless, the claim may be taken over. */
  leaseMs: number
  sleep?: (ms: number) => Promise<void>
}

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
  { ledger, cache, leaseMs, sleep = pause }: WaitDeps,
  key: string,
): Promise<Cached | ApiFailure | typeof AGAIN> {
  const id = await ledger.flightOf(key)
  const deadline = Date.now() + leaseMs
  for (let wait = 20; Date.now() < deadline; wait = Math.min(200, wait * 1.5)) {
    if (!id) break
    const state = await ledger.flight(id)
    if (!state || !state.inFlight) {
      const hit = await cache.get(key)
      if (hit) return hit
      if (state && state.state !== 'charged' && state.state !== 'pending' && state.code) {
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
