/**
 * After paid answers arrive, the quotes they made stale are those of the same resource: refresh only those, so a bulk
 * run's payments re-quote the links of the videos it fetched, not every priced link on the page every 250 ms.
 */
import type { Query, QueryClient } from '@tanstack/react-query'
import { getSessionSpend, subscribeSessionSpend } from './cost-tracker.ts'
import { quoteQueries } from './quote-queries.ts'

const pathnameOf = (url: string) => new URL(url, 'http://dashboard.invalid').pathname

/** A quote query (`['quote', apiPath]`) of one of these /api paths (query strings aside: the function normalises them). */
export function quotesOf(paid: ReadonlySet<string>): (query: Query) => boolean {
  return (query) => {
    const [root, path] = query.queryKey
    return root === quoteQueries.all()[0] && typeof path === 'string' && paid.has(pathnameOf(path))
  }
}

/** Coalesced over `delayMs`; answers of free bookkeeping (receipt NONE: quotes, spend) never trigger it. Returns the unsubscribe. */
export function refreshQuotesAfterPaidRequests(queryClient: QueryClient, delayMs = 250): () => void {
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
