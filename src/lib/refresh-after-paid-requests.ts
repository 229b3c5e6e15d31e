/** After a paid answer arrives, quotes ("cached · free") and spend totals are out of date: refresh them. */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { getSessionSpend, subscribeSessionSpend } from './cost-tracker.ts'

/**
 * Invalidates `queryKeys` after every response that went through the function's paid path (its receipt says HIT or MISS),
 * coalesced over `delayMs` so a bulk job does not refetch the ledger once per request. Returns the unsubscribe.
 * Quote and spend answers' receipts say NONE, so refreshing them cannot loop.
 */
export function refreshAfterPaidRequests(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
  delayMs = 250,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const unsubscribe = subscribeSessionSpend(() => {
    const last = getSessionSpend().last
    if (!last || last.cache === 'NONE' || timer) return
    timer = setTimeout(() => {
      timer = undefined
      for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey })
    }, delayMs)
  })
  return () => {
    unsubscribe()
    clearTimeout(timer)
  }
}
