import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { SpendView } from '#features/spend/spend-view.tsx'
import { spendSearchParams, type SpendViewState, parseSpendSearch } from '#lib/urls/spend.ts'
import { pageTitle } from '#lib/page-title.ts'

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams()
  const state = useMemo(() => parseSpendSearch(searchParams), [searchParams])
  const onStateChange = useCallback(
    (next: SpendViewState) => setSearchParams(spendSearchParams(next)),
    [setSearchParams],
  )
  return (
    <>
      <title>{pageTitle('Spend')}</title>
      <SpendView state={state} onStateChange={onStateChange} />
    </>
  )
}
