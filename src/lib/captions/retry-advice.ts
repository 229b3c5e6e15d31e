/** Whether a failed paid request may be retried by hand now, later, or not at all (docs/decisions/0135-states-that-agree.md). */

export type RetryAdvice =
  /** A priced Retry helps now. */
  | { kind: 'retry' }
  /** The service asked to wait (429): Retry appears when the wait is over. */
  | { kind: 'wait'; seconds: number }
  /** Retrying cannot help; `instead` says what can. */
  | { kind: 'none'; instead: string }

/** When nothing says how long: wait a little rather than offer a retry that collects another 429. */
const DEFAULT_WAIT_SECONDS = 10

/** What a failure says of itself: an ApiError, or a manifest's `haltedBy`. */
type Failure = { status: number; code: string; retryAfterSeconds?: number | undefined }

function isFailure(error: unknown): error is Failure {
  return typeof error === 'object' && error !== null && 'status' in error && 'code' in error
}

export function retryAdvice(error: unknown): RetryAdvice {
  if (!isFailure(error)) return { kind: 'retry' }
  if (error.status === 429 || error.code === 'rate_limited')
    return { kind: 'wait', seconds: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS }
  if (error.code === 'budget_exhausted')
    return {
      kind: 'none',
      instead:
        'The spend cap of this dashboard (BUDGET_USD) is reached: whoever runs it can raise the cap; until then nothing more can be bought. Answers already cached stay free.',
    }
  if (error.status === 402 || error.code === 'balance_exhausted')
    return {
      kind: 'none',
      instead:
        "The service's prepaid balance is used up: add funds in the service's account dashboard, then open this page again. Answers already cached stay free.",
    }
  if (error.code === 'upstream_invalid')
    return {
      kind: 'none',
      instead:
        "The service's answer broke its documented shape, so a retry would most likely pay for the same broken answer. Try another language or mode, or report it to the service.",
    }
  return { kind: 'retry' }
}
