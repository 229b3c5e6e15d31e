/** The /spend view's state in its URL (ledger page, operation and state filters): see the route table. */
export {
  spendSearchParams,
  STATE_FILTERS,
  type SpendViewState,
  type StateFilter,
  parseSpendSearch,
} from '#lib/urls/spend.ts'
