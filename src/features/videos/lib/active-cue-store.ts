/**
 * Which cue is playing, per row: each row subscribes to its own index, and a cue change notifies the two rows
 * whose state changed. The transcript itself does not re-render when the highlight moves; the clock's frames
 * cost one binary search each.
 */
import { activeCueIndex, type CueTimeline } from './active-cue.ts'
import type { TimeSource } from './time-source.ts'

export type ActiveCueStore = {
  /** The playing cue's index, -1 in a gap. */
  current(): number
  /** Called when `index` becomes or stops being the playing cue. */
  subscribe(index: number, listener: () => void): () => void
}

export function createActiveCueStore(source: TimeSource, timeline: CueTimeline): ActiveCueStore {
  const byIndex = new Map<number, Set<() => void>>()
  let listening = 0
  let stop: (() => void) | undefined
  let active = -1

  const read = () => activeCueIndex(timeline, source.getSnapshot().time)
  function onTick() {
    const next = read()
    if (next === active) return
    const previous = active
    active = next
    byIndex.get(previous)?.forEach((l) => l())
    byIndex.get(next)?.forEach((l) => l())
  }

  function subscribe(index: number, listener: () => void) {
    let set = byIndex.get(index)
    if (!set) byIndex.set(index, (set = new Set()))
    set.add(listener)
    if (listening++ === 0) {
      active = read()
      stop = source.subscribe(onTick)
    }
    return () => {
      set.delete(listener)
      if (set.size === 0) byIndex.delete(index)
      if (--listening === 0) {
        stop?.()
        stop = undefined
      }
    }
  }

  return {
    // Read through while nothing listens, so a first render is right before any subscription exists.
    current: () => (stop ? active : read()),
    subscribe,
  }
}
