/** The route table's parser for /spend (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { z } from 'zod'
import { STATE_FILTERS, type SpendViewState } from '../paths/spend.ts'

const PageParam = z.coerce.number().int().min(1).max(100_000)
const OperationParam = z.string().regex(/^GET \/[A-Za-z/{}]+$/)
const StateParam = z.enum(STATE_FILTERS)

/**
 * Unreadable values are dropped (the view still opens) rather than failing the page. The old `cache=HIT|MISS`
 * filter is ignored: cache hits are no longer ledger rows, and every row is a paid call.
 */
export function parseSpendSearch(params: URLSearchParams): SpendViewState {
  const page = PageParam.safeParse(params.get('page') ?? undefined)
  const operation = OperationParam.safeParse(params.get('op') ?? undefined)
  const state = StateParam.safeParse(params.get('state') ?? undefined)
  return {
    page: page.success ? page.data : 1,
    ...(operation.success ? { operation: operation.data } : {}),
    ...(state.success ? { state: state.data } : {}),
  }
}
