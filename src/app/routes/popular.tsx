import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PopularView } from '#features/popular/popular-view.tsx'
import { popularSearchParams, type PopularState } from '#lib/paths/popular.ts'
import { parsePopularSearch } from '#lib/paths-parse/popular.ts'

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams()
  const { state, problems } = useMemo(() => parsePopularSearch(searchParams), [searchParams])
  // Filters change with every keystroke: replace the history entry rather than flood the back button.
  const onStateChange = useCallback(
    (next: PopularState) => setSearchParams(popularSearchParams(next), { replace: true }),
    [setSearchParams],
  )
  return <PopularView state={state} problems={problems} onStateChange={onStateChange} />
}
