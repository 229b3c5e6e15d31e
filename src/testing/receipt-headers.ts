/** Headers of an answer as the function writes its receipt, for tests that stand in for the function. */
import { RECEIPT_HEADERS, type CacheState } from '#lib/paid-fetch.ts'

export function receiptHeaders(costUsd: string, cache: CacheState): Record<string, string> {
  return { [RECEIPT_HEADERS.costUsd]: costUsd, [RECEIPT_HEADERS.cache]: cache }
}
