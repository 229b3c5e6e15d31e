import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'

/**
 * Only failures that never reached the service retry by themselves, and never one whose receipt shows a charge:
 * anything else may be billed again, so the researcher presses a priced Retry (docs/decisions/0138). A 429 waits
 * for the researcher too: the error panel counts down Retry-After; a contract-broken body would break again.
 */
const RETRIED_BY_ITSELF = new Set(['network_error', 'upstream_unreachable', 'storage_unavailable'])
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return (
    failureCount < 2 && error instanceof ApiError && error.costUsd === 0 && RETRIED_BY_ITSELF.has(error.code)
  )
}

/** One factory for every QueryClient (app and tests): tests pass `{ retry: false }`. */
export function createQueryClient(overrides: { retry?: false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: overrides.retry ?? shouldRetry,
        refetchOnWindowFocus: false, // every refetch costs money
        // Per resource in each feature's factory (docs/decisions/0080); the default is the function's shortest cache lifetime.
        staleTime: 15 * 60_000,
        // As long as the persisted cache lives (7 days, query-persistence.ts): a shorter gcTime would drop restored answers.
        gcTime: 7 * 24 * 60 * 60_000,
      },
      mutations: { retry: false },
    },
  })
}
