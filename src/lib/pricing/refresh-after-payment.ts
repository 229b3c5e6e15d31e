/** After a paid answer arrives, quotes ("cached · free") and spend totals are out of date: refresh them. */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'
import { getSessionSpend, subscribeSessionSpend } from './cost-tracker.ts'
import { quoteQueries } from './quote-queries.ts'

/**
 * Invalidates `queryKeys` after every response that went through the function's paid path (its receipt says HIT or MISS),
 * coalesced over `delayMs` so a bulk job does not refetch the ledger once per request. Returns the unsubscribe.
 * Quote and spend answers' receipts say NONE, so refreshing them cannot loop.
 */
export function refreshAfterPayment(
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

const pathnameOf = (url: string) => new URL(url, 'http://dashboard.invalid').pathname

/** A quote query (`['quote', apiPath]`) of one of these /api paths (query strings aside: the function normalises them). */
function quotesOf(paid: ReadonlySet<string>): (query: Query) => boolean {
  return (query) => {
    const [root, path] = query.queryKey
    return root === quoteQueries.all()[0] && typeof path === 'string' && paid.has(pathnameOf(path))
  }
}

/**
 * Refreshes only the quotes of the resources just paid for, so a bulk run's payments re-quote the links of the videos
 * it fetched, not every priced link on the page every 250 ms. Coalesced over `delayMs`; answers of free bookkeeping
 * (receipt NONE: quotes, spend) never trigger it. Returns the unsubscribe.
 */
export function refreshQuotesAfterPayment(queryClient: QueryClient, delayMs = 250): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let paid = new Set<string>()
  const unsubscribe = subscribeSessionSpend(() => {
    const last = getSessionSpend().last
    if (!last || last.cache === 'NONE') return
    paid.add(pathnameOf(last.url))
    timer ??= setTimeout(() => {
      timer = undefined
      const predicate = quotesOf(paid)
      paid = new Set()
      void queryClient.invalidateQueries({ predicate })
    }, delayMs)
  })
  return () => {
    unsubscribe()
    clearTimeout(timer)
  }
}
