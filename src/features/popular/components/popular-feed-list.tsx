import { useEffect, useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { PopularRow } from '../lib/popular-rows.ts'
import { PopularItem } from './popular-item.tsx'

/** How close to the end of the list (in items) counts as "nearing the end". */
const NEAR_END = 5

export type PopularFeedListProps = {
  rows: readonly PopularRow[]
  expanded: ReadonlySet<string>
  onToggle: (id: string) => void
  /** Called when the last rendered item is near the end of the list. */
  onNearEnd: () => void
  busy: boolean
  /** Shown under the list, outside its scroller (load more, end of list): it stays put while the rows are measured. */
  footer: ReactNode
}

/** Only the items in view are in the DOM (thousands stay smooth); heights are measured as they render or expand. */
export function PopularFeedList({ rows, expanded, onToggle, onNearEnd, busy, footer }: PopularFeedListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 200,
    overscan: 6,
    getItemKey: (i) => rows[i]?.video.id ?? i,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? -1

  useEffect(() => {
    if (lastIndex >= 0 && lastIndex >= rows.length - NEAR_END) onNearEnd()
  }, [lastIndex, rows.length, onNearEnd])

  return (
    <div className="rounded-lg border border-slate-200">
      <div
        ref={scrollRef}
        role="region"
        aria-label="Popular videos list"
        tabIndex={0}
        className="h-[75vh] overflow-auto rounded-t-lg bg-slate-50"
      >
        <div
          role="feed"
          aria-busy={busy}
          aria-label="Popular videos"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const row = rows[item.index]!
            return (
              <PopularItem
                key={item.key}
                ref={virtualizer.measureElement}
                index={item.index}
                start={item.start}
                row={row}
                expanded={expanded.has(row.video.id)}
                onToggle={onToggle}
                position={item.index + 1}
                setSize={rows.length}
              />
            )
          })}
        </div>
      </div>
      {/* Outside the scroller: a row measured or expanded above never moves the button under a pointer. */}
      <div className="rounded-b-lg border-t border-slate-200 bg-white p-4">{footer}</div>
    </div>
  )
}
