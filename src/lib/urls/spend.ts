/** /spend's URL: its state, builder and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import { ROUTES, withQuery } from './routes.ts'

// ——— /spend?op=&state=&page= ———

/** The ledger's state filter: `failed` takes both free and charged failures. */
export const STATE_FILTERS = ['charged', 'pending', 'interrupted', 'failed'] as const
export type StateFilter = (typeof STATE_FILTERS)[number]

export type SpendViewState = { page: number; operation?: string; state?: StateFilter }

export function spendSearchParams(state: SpendViewState): URLSearchParams {
  const p = new URLSearchParams()
  if (state.operation) p.set('op', state.operation)
  if (state.state) p.set('state', state.state)
  if (state.page > 1) p.set('page', String(state.page))
  return p
}

export const spendPath = (state?: SpendViewState) =>
  withQuery(ROUTES.spend, state ? spendSearchParams(state).toString() : '')

const PageParam = z.coerce.number().int().min(1).max(100_000)
const OperationParam = z.string().regex(/^GET \/[A-Za-z/{}]+$/)
const StateParam = z.enum(STATE_FILTERS)

/** Unreadable values are dropped, so the view still opens; a `cache=` filter is ignored (every ledger row is a paid call). */
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
