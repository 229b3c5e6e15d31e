/** The provenance of videos added from the list on screen: its kind, a label, and the view's own URL and query (the state lives there). */
import { useMemo } from 'react'
import { useLocation } from 'react-router'
import type { FoundByInput, FoundByKind } from '#contract/collections.ts'

export function useFoundBy(kind: FoundByKind, label: string): FoundByInput {
  const { pathname, search } = useLocation()
  return useMemo(
    () => ({
      kind,
      label,
      query: Object.fromEntries(new URLSearchParams(search)),
      url: `${pathname}${search}`,
    }),
    [kind, label, pathname, search],
  )
}
