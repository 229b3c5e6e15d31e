import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'

/** Retrying a 4xx would pay again for the same refusal; transient failures get two retries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false
  return failureCount < 2
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
