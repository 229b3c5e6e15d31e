/** The playback scrubber's value: exact when paused; while playing, in steps finer than a pixel of any scrubber. */
import type { PlaybackSnapshot } from './time-source.ts'

/** Steps per track while playing: a 4-hour track moves the thumb every 7.2 s, a fraction of a pixel. */
const SCRUBBER_STEPS = 2000
/** The range input's own step (keyboard and fine positioning). */
export const SCRUBBER_STEP_SECONDS = 0.1

/** Re-rendering the scrubber on each frame while playing would cost a commit, a style pass and a paint per frame. */
export function scrubberValue({ time, duration, playing }: PlaybackSnapshot): number {
  const t = Math.max(0, Math.min(time, duration))
  if (!playing) return t
  const step = Math.max(SCRUBBER_STEP_SECONDS, duration / SCRUBBER_STEPS)
  return Math.floor(t / step) * step
}
