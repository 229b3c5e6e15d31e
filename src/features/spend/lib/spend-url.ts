/** The /spend view's state in its URL: ledger page, operation and state filters (`/spend?op=GET+%2Fsearch&state=pending&page=2`). */
import { z } from 'zod'

/** The ledger's state filter: `failed` takes both free and charged failures. */
export const STATE_FILTERS = ['charged', 'pending', 'failed'] as const
export type StateFilter = (typeof STATE_FILTERS)[number]

export type SpendViewState = { page: number; operation?: string; state?: StateFilter }

const Page = z.coerce.number().int().min(1).max(100_000)
const Operation = z.string().regex(/^GET \/[A-Za-z/{}]+$/)
const State = z.enum(STATE_FILTERS)

/**
 * Unreadable values are dropped (the view still opens) rather than failing the page. The old `cache=HIT|MISS`
 * filter is ignored: cache hits are no longer ledger rows, and every row is a paid call.
 */
export function parseSpendSearch(params: URLSearchParams): SpendViewState {
  const page = Page.safeParse(params.get('page') ?? undefined)
  const operation = Operation.safeParse(params.get('op') ?? undefined)
  const state = State.safeParse(params.get('state') ?? undefined)
  return {
    page: page.success ? page.data : 1,
    ...(operation.success ? { operation: operation.data } : {}),
    ...(state.success ? { state: state.data } : {}),
  }
}

export function spendSearchParams(state: SpendViewState): URLSearchParams {
  const p = new URLSearchParams()
  if (state.operation) p.set('op', state.operation)
  if (state.state) p.set('state', state.state)
  if (state.page > 1) p.set('page', String(state.page))
  return p
}
