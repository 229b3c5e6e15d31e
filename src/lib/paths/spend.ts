/** The route table's builders for /spend (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import { ROUTES, withQuery } from '../routes.ts'

// ——— /spend?op=&state=&page= ———

/** The ledger's state filter: `failed` takes both free and charged failures. */
export const STATE_FILTERS = ['charged', 'pending', 'failed'] as const
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
