/** The /spend view's state in its URL: ledger page, operation and cache filters (`/spend?op=GET+%2Fsearch&cache=MISS&page=2`). */
import { z } from 'zod'

export type SpendViewState = { page: number; operation?: string; cache?: 'HIT' | 'MISS' }

const Page = z.coerce.number().int().min(1).max(100_000)
const Operation = z.string().regex(/^GET \/[A-Za-z/{}]+$/)
const Cache = z.enum(['HIT', 'MISS'])

/** Unreadable values are dropped (the view still opens) rather than failing the page. */
export function parseSpendSearch(params: URLSearchParams): SpendViewState {
  const page = Page.safeParse(params.get('page') ?? undefined)
  const operation = Operation.safeParse(params.get('op') ?? undefined)
  const cache = Cache.safeParse(params.get('cache') ?? undefined)
  return {
    page: page.success ? page.data : 1,
    ...(operation.success ? { operation: operation.data } : {}),
    ...(cache.success ? { cache: cache.data } : {}),
  }
}

export function spendSearchParams(state: SpendViewState): URLSearchParams {
  const p = new URLSearchParams()
  if (state.operation) p.set('op', state.operation)
  if (state.cache) p.set('cache', state.cache)
  if (state.page > 1) p.set('page', String(state.page))
  return p
}
