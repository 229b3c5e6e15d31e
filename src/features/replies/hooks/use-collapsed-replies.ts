import { useCallback, useEffect, useState } from 'react'
import { ancestorsOf } from '../lib/reply-tree.ts'
import type { ThreadLink } from '../lib/thread-inference.ts'

/** Which branches of the tree are folded; the highlighted reply's branches are always open. */
export function useCollapsedReplies(links: ReadonlyMap<string, ThreadLink>, highlighted: string | undefined) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())

  useEffect(() => {
    // A highlighted reply inside folded branches: unfold the branches above it.
    if (!highlighted) return
    const above = ancestorsOf(highlighted, links)
    setCollapsed((prev) =>
      above.some((id) => prev.has(id)) ? new Set([...prev].filter((id) => !above.includes(id))) : prev,
    )
  }, [highlighted, links])

  const toggle = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }, [])
  const collapseAll = () =>
    setCollapsed(new Set([...links.values()].flatMap((l) => (l.replyToId ? [l.replyToId] : []))))
  const expandAll = () => setCollapsed(new Set())

  return { collapsed, toggle, collapseAll, expandAll }
}
