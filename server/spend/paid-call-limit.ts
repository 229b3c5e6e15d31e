/** A paid call leaves only within its client's limit of paid calls and while the service is not asking us to wait. */
import { StorageUnavailable } from '../db/database.ts'
import { storageFailure } from '../db/storage-failure.ts'
import { ApiFailure } from '../errors.ts'
import type { PaidCall } from '../gateway.ts'
import type { RateLimiter } from '../security/rate-limiter.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { refusal } from './priced-failure.ts'

/**
 * Counts the call against its client's limit. Over the limit the limiter's 429 is thrown as it is: the client's own
 * refusal, which its flight's joiners do not share. Anything else that stops the call is a refusal they share.
 */
export async function admitPaidCall(
  {
    paidCallLimiter,
    client,
  }: { paidCallLimiter?: RateLimiter; client: Pick<UpstreamClient, 'pausedForSeconds'> },
  call: PaidCall,
): Promise<void> {
  try {
    await paidCallLimiter?.take(call.clientKey ?? 'local')
  } catch (e) {
    throw e instanceof StorageUnavailable ? refusal(storageFailure(e)) : e
  }
  const pausedFor = client.pausedForSeconds?.() ?? 0
  if (pausedFor > 0)
    throw refusal(
      new ApiFailure(
        429,
        'rate_limited',
        `The data service asked this server to wait; retry in ${pausedFor} s. Nothing was paid.`,
        { retryAfterSeconds: pausedFor, charged: false },
      ),
    )
}
