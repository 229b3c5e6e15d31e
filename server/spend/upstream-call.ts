/** The call itself: the one step that may spend money. Whatever happens is an outcome, never a throw. */
import { ApiFailure } from '../errors.ts'
import type { PaidCall } from '../gateway.ts'
import type { UpstreamAnswer, UpstreamClient } from '../upstream/client.ts'
import type { NormalisedCall } from './cache-key.ts'

export type Outcome = { answer: UpstreamAnswer } | { failure: ApiFailure }

/** An error that is not an ApiFailure is the service's call failing in a way nobody named. */
export const asServiceFailure = (e: unknown): ApiFailure =>
  e instanceof ApiFailure
    ? e
    : new ApiFailure(502, 'upstream_error', 'The data service call failed unexpectedly. Retry in a moment.')

/** Asks the service; its slot is given back as soon as it has answered, so the settling overlaps other calls. */
export async function callService(
  client: Pick<UpstreamClient, 'request'>,
  call: PaidCall,
  n: NormalisedCall,
  freeSlot: () => void,
): Promise<Outcome> {
  try {
    // No request signal: joiners share this call, and a finished answer is cached rather than wasted.
    return { answer: await client.request({ operation: n.operation, path: call.path, query: call.query }) }
  } catch (e) {
    return { failure: asServiceFailure(e) }
  } finally {
    freeSlot()
  }
}
