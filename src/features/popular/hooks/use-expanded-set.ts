import { useCallback, useState } from 'react'

/** Which items are expanded: a toggle per id, and a way to fold them all. */
export function useExpandedSet() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const onToggle = useCallback((id: string) => {
    setExpanded((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }, [])
  const collapseAll = useCallback(() => setExpanded(new Set()), [])
  return { expanded, onToggle, collapseAll }
}
