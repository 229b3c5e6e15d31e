import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { popularQueries } from '#features/popular/api/queries.ts'
import { PopularView } from '#features/popular/popular-view.tsx'
import { pageTitle } from '#lib/page-title.ts'
import { popularSearchParams, type PopularState, parsePopularSearch } from '#lib/urls/popular.ts'
import { OpeningPriceGate } from '../opening-price-gate.tsx'

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const { state, problems } = useMemo(() => parsePopularSearch(searchParams), [searchParams])
  // Filters change with every keystroke: replace the history entry rather than flood the back button.
  const onStateChange = useCallback(
    (next: PopularState) => setSearchParams(popularSearchParams(next), { replace: true }),
    [setSearchParams],
  )
  return (
    <>
      <title>{pageTitle('Popular videos')}</title>
      <OpeningPriceGate
        opening={{ kind: 'popular', regionCode: state.region, hl: state.hl }}
        label="Open the popular videos"
        pays="the first page of the popular videos"
        alreadyLoaded={
          queryClient.getQueryData(
            popularQueries.feed({ regionCode: state.region, hl: state.hl }).queryKey,
          ) !== undefined
        }
      >
        <PopularView state={state} problems={problems} onStateChange={onStateChange} />
      </OpeningPriceGate>
    </>
  )
}
