/** Following playback: where the transcript scrolls to, and which rows it renders, from row positions alone. */

/** The scroll offset that puts the row in the middle of the viewport, kept within the list. */
export function centredScrollOffset(
  row: { start: number; size: number },
  viewport: number,
  listHeight: number,
): number {
  const top = row.start + row.size / 2 - viewport / 2
  return Math.max(0, Math.min(top, listHeight - viewport))
}

/** The virtualiser's view of what is visible: indexes of the first and last visible rows. */
export type VisibleRange = { startIndex: number; endIndex: number; overscan: number; count: number }

/** While following, rows are added and dropped this many at a time (see rowsToRender). */
export const FOLLOW_BLOCK = 8

/** The first cue of the anchor's block: all rowsToRender needs of the anchor, so it changes once per block. */
export function followBlock(anchor: number): number {
  return anchor < 0 ? -1 : Math.floor(anchor / FOLLOW_BLOCK) * FOLLOW_BLOCK
}

/**
 * The rows to render: the visible ones with `overscan` on each side and, while following playback, every row
 * that is visible or overscanned while any cue of the anchor's block of FOLLOW_BLOCK cues is centred. Playback
 * then adds and drops rows once per block, a block at a time, instead of mounting and laying out a row on
 * every cue change, and the scroll that centres the next cue finds its rows already there. Far from the
 * visible rows (a seek), the anchor's rows are left to the scroll that follows.
 */
export function rowsToRender(range: VisibleRange, anchor: number): number[] {
  const last = range.count - 1
  let from = Math.max(0, range.startIndex - range.overscan)
  let to = Math.min(last, range.endIndex + range.overscan)
  if (anchor >= 0 && anchor <= last) {
    const reach = Math.ceil((range.endIndex - range.startIndex + 1) / 2) + range.overscan
    // Every anchor in the block needs the same rows: they change when the anchor enters the next block.
    const block = followBlock(anchor)
    const anchorFrom = Math.max(0, block - reach)
    const anchorTo = Math.min(last, block + FOLLOW_BLOCK - 1 + reach)
    // Touching or overlapping: one contiguous run of rows.
    if (anchorFrom <= to + 1 && anchorTo >= from - 1) {
      from = Math.min(from, anchorFrom)
      to = Math.max(to, anchorTo)
    }
  }
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
}
