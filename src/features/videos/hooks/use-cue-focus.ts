import { useCallback, useEffect, useRef, type RefObject } from 'react'
import type { CueVirtualizer } from './use-transcript-scroll.ts'

/**
 * Moves keyboard focus to a cue's seek button. A cue past the rendered rows is scrolled to first, and focused
 * once the virtualiser has rendered it (`first`..`last`, `rendered`: the rows of this render).
 */
export function useCueFocus(
  listRef: RefObject<HTMLDivElement | null>,
  virtualizer: CueVirtualizer,
  first: number,
  last: number,
  rendered: unknown,
) {
  const pendingFocus = useRef<number | undefined>(undefined)
  const focusCue = useCallback(
    (index: number) => {
      const button = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)
      if (button) button.focus()
      else {
        pendingFocus.current = index
        virtualizer.scrollToIndex(index, { align: 'auto' })
      }
    },
    [listRef, virtualizer],
  )
  // The cue asked for by the keyboard is rendered now: focus it.
  useEffect(() => {
    const index = pendingFocus.current
    if (index === undefined || index < first || index > last) return
    pendingFocus.current = undefined
    listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)?.focus()
  }, [listRef, first, last, rendered])
  return focusCue
}
