/** A clock that plays the transcript without any video: used in demo mode and when the player is off or unreachable. */
import {
  browserFrames,
  clampRate,
  clampTime,
  createEmitter,
  type FrameScheduler,
  type PlaybackSnapshot,
  type TimeSource,
} from './time-source.ts'

export type TranscriptClock = TimeSource & { setDuration(duration: number): void }

export function createTranscriptClock(options: {
  duration: number
  start?: number
  frames?: FrameScheduler
}): TranscriptClock {
  const frames = options.frames ?? browserFrames
  const emitter = createEmitter()
  let duration = Math.max(0, options.duration)
  let snapshot: PlaybackSnapshot = {
    time: clampTime(options.start ?? 0, duration),
    playing: false,
    rate: 1,
    duration,
  }
  // While playing, time = anchorTime + (now − anchorAt) × rate.
  let anchorTime = snapshot.time
  let anchorAt = 0
  let frame: number | undefined

  function set(next: Partial<PlaybackSnapshot>) {
    snapshot = { ...snapshot, ...next }
    emitter.emit()
  }

  function currentTime(): number {
    return snapshot.playing ? anchorTime + ((frames.now() - anchorAt) / 1000) * snapshot.rate : snapshot.time
  }

  function reanchor() {
    anchorTime = currentTime()
    anchorAt = frames.now()
  }

  function tick() {
    frame = undefined
    if (!snapshot.playing) return
    const t = currentTime()
    if (duration > 0 && t >= duration) {
      set({ time: duration, playing: false })
      return
    }
    set({ time: t })
    frame = frames.request(tick)
  }

  function stopFrames() {
    if (frame !== undefined) frames.cancel(frame)
    frame = undefined
  }

  return {
    kind: 'clock',
    subscribe: emitter.subscribe,
    getSnapshot: () => snapshot,
    play() {
      if (snapshot.playing) return
      // Playing from the end starts over, like a media element.
      const from = duration > 0 && snapshot.time >= duration ? 0 : snapshot.time
      anchorTime = from
      anchorAt = frames.now()
      set({ time: from, playing: true })
      stopFrames()
      frame = frames.request(tick)
    },
    pause() {
      if (!snapshot.playing) return
      const t = clampTime(currentTime(), duration)
      stopFrames()
      set({ time: t, playing: false })
    },
    seek(seconds) {
      const t = clampTime(seconds, duration)
      anchorTime = t
      anchorAt = frames.now()
      set({ time: t })
    },
    setRate(rate) {
      reanchor()
      set({ rate: clampRate(rate) })
    },
    setDuration(next) {
      duration = Math.max(0, next)
      const t = clampTime(currentTime(), duration)
      anchorTime = t
      anchorAt = frames.now()
      set({ duration, time: t })
    },
    dispose() {
      stopFrames()
      emitter.clear()
    },
  }
}
