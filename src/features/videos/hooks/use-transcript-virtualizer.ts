import { useLayoutEffect, useReducer, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual'

type Options = Omit<
  VirtualizerOptions<HTMLDivElement, HTMLDivElement>,
  'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'
> & {
  /** Re-render inside the scroll event, as the stock hook does, so fast scrolling never shows blank rows. */
  flushSyncOnScroll: boolean
}

/** What the transcript's render depends on: which rows, where the first one sits, and the list's height. */
function renderedKey(v: Virtualizer<HTMLDivElement, HTMLDivElement>): string {
  const items = v.getVirtualItems()
  return `${items[0]?.index}:${items.at(-1)?.index}:${items[0]?.start}:${v.getTotalSize()}`
}

/**
 * `useVirtualizer` for the transcript, which renders one run of rows and re-renders only when that run, its
 * position or the list's height changes. The stock hook re-renders whenever the visible range or the
 * scrolling flag changes: while following playback, each cue's scroll changes both though the rows to render
 * stay the same (rowsToRender), so each cue change would cost a render of the list for nothing.
 */
export function useTranscriptVirtualizer({ flushSyncOnScroll, ...options }: Options) {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  /** The key of the last committed render. */
  const committed = useRef('')
  const measuring = useRef(false)
  const resolved: VirtualizerOptions<HTMLDivElement, HTMLDivElement> = {
    ...options,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange(instance, sync) {
      if (renderedKey(instance) === committed.current) return
      // As in the stock hook: a measurement made while committing never forces a synchronous render.
      if (sync && flushSyncOnScroll && !measuring.current) flushSync(rerender)
      else rerender()
    },
  }
  const [virtualizer] = useState(() => {
    const v = new Virtualizer(resolved)
    const measure = v.measureElement
    v.measureElement = (node) => {
      measuring.current = true
      try {
        measure(node)
      } finally {
        measuring.current = false
      }
    }
    return v
  })
  virtualizer.setOptions(resolved)
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer])
  useLayoutEffect(() => {
    committed.current = renderedKey(virtualizer)
    return virtualizer._willUpdate()
  })
  return virtualizer
}
