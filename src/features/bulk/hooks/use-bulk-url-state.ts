/**
 * The bulk view's state, mirrored into the URL. React state is the source of truth while the view is open, so quick
 * successive clicks never build on a URL that has not caught up yet; a navigation from elsewhere (a link, the nav) is adopted.
 */
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { bulkSearchString, type BulkState, parseBulkSearch } from '#lib/urls/bulk.ts'

/** Marks history entries this hook wrote, so they are not mistaken for a navigation to adopt. */
const OWN_WRITE = 'bulk-view-state'

type Parsed = { state: BulkState; problems: string[] }

export function useBulkUrlState(): {
  state: BulkState
  problems: string[]
  update: (change: (prev: BulkState) => BulkState) => void
} {
  const location = useLocation()
  const navigate = useNavigate()
  const [parsed, setParsed] = useState<Parsed>(() => parseBulkSearch(new URLSearchParams(location.search)))
  const [seenKey, setSeenKey] = useState(location.key)
  if (location.key !== seenKey) {
    setSeenKey(location.key)
    const ours = (location.state as { source?: unknown } | null)?.source === OWN_WRITE
    if (!ours) setParsed(parseBulkSearch(new URLSearchParams(location.search)))
  }

  const search = bulkSearchString(parsed.state)
  useEffect(() => {
    // Ticking boxes should not flood the back button: the entry is replaced.
    if (search !== location.search) navigate({ search }, { replace: true, state: { source: OWN_WRITE } })
  }, [search, location.search, navigate])

  const update = useCallback(
    (change: (prev: BulkState) => BulkState) => setParsed((p) => ({ ...p, state: change(p.state) })),
    [],
  )
  return { state: parsed.state, problems: parsed.problems, update }
}
