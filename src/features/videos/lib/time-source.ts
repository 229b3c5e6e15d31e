/** What drives the transcript: the embedded player or the transcript clock, behind one interface. */

export type PlaybackSnapshot = {
  /** Seconds from the start of the video. */
  time: number
  playing: boolean
  /** 0.5–2. */
  rate: number
  duration: number
}

type TimeSourceKind = 'clock' | 'player'

export interface TimeSource {
  readonly kind: TimeSourceKind
  /** Notified whenever the snapshot changes (every frame while playing). */
  subscribe(listener: () => void): () => void
  /** The same object until something changes (useSyncExternalStore relies on it). */
  getSnapshot(): PlaybackSnapshot
  play(): void
  pause(): void
  seek(seconds: number): void
  setRate(rate: number): void
  dispose(): void
}

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const
export const SEEK_STEP_SECONDS = 5

export function clampRate(rate: number): number {
  return Number.isFinite(rate) ? Math.min(2, Math.max(0.5, rate)) : 1
}

export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds)) return 0
  return Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds)
}

/** Frame scheduling, injectable so tests drive time by hand. */
export type FrameScheduler = {
  now: () => number
  request: (cb: () => void) => number
  cancel: (handle: number) => void
}

export const browserFrames: FrameScheduler = {
  now: () => performance.now(),
  request: (cb) => requestAnimationFrame(() => cb()),
  cancel: (h) => cancelAnimationFrame(h),
}

/** A minimal listener set shared by the sources. */
export function createEmitter() {
  const listeners = new Set<() => void>()
  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    emit() {
      listeners.forEach((l) => l())
    },
    clear() {
      listeners.clear()
    },
  }
}
