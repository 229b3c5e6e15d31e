import { useCallback, useState } from 'react'

/** The one circle the results are filtered to, if any: choosing it again clears it. */
export function useCircleFilter() {
  const [filterCircle, setFilterCircle] = useState<string>()
  const onSelect = useCallback((id: string) => setFilterCircle((f) => (f === id ? undefined : id)), [])
  const clearFilter = useCallback(() => setFilterCircle(undefined), [])
  return { filterCircle, onSelect, clearFilter }
}
