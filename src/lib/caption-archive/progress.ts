/** A run's counters, apart from the pipeline so a view shows them before the pipeline has loaded. */
export type BulkProgress = {
  total: number
  /** Jobs with a final outcome (file saved, or reported missing). */
  settled: number
  /** Files saved in the ZIP, and files the plan meant to save that are not (a lookup-only request is not a file). */
  files: number
  missing: number
  inFlight: number
  retries: number
  /** Of `retries`, those that waited out a rate limit (429 with Retry-After); the rest followed an uncharged failure. */
  rateLimitWaits: number
  /** While every request waits out a rate limit: when they resume (epoch ms); null when not paused. */
  pausedUntil: number | null
  /** The receipts' costs summed as answers arrive, failures included. */
  costUsd: number
  cacheHits: number
}

/** A run of `total` requests before any has been sent. */
export const emptyProgress = (total: number): BulkProgress => ({
  total,
  settled: 0,
  files: 0,
  missing: 0,
  inFlight: 0,
  retries: 0,
  rateLimitWaits: 0,
  pausedUntil: null,
  costUsd: 0,
  cacheHits: 0,
})
