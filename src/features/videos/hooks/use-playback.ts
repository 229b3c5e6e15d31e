import { useSyncExternalStore } from 'react'
import type { PlaybackSnapshot, TimeSource } from '../lib/time-source.ts'

/** A derived primitive (e.g. the active cue index): re-renders only when it changes. */
export function usePlaybackValue<T extends string | number | boolean>(
  source: TimeSource,
  select: (s: PlaybackSnapshot) => T,
): T {
  const get = () => select(source.getSnapshot())
  return useSyncExternalStore(source.subscribe, get, get)
}
