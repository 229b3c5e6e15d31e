/** The platform's embedded player as a time source (its iframe API, privacy-enhanced domain). */
import {
  browserFrames,
  clampRate,
  createEmitter,
  type FrameScheduler,
  type PlaybackSnapshot,
  type TimeSource,
} from './time-source.ts'

/** The parts of the iframe API's YT.Player that the transcript needs. */
export type EmbeddedPlayer = {
  getCurrentTime(): number
  getDuration(): number
  getPlayerState(): number
  playVideo(): void
  pauseVideo(): void
  seekTo(seconds: number, allowSeekAhead: boolean): void
  setPlaybackRate(rate: number): void
  getPlaybackRate(): number
}

/** YT.PlayerState values (iframe API reference). */
export const PLAYER_STATE = { unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 } as const

export type PlayerSource = TimeSource & {
  /** Wire to the player's onStateChange event. */
  handleStateChange(state: number): void
  /** Wire to the player's onPlaybackRateChange event. */
  handleRateChange(rate: number): void
}

export function createPlayerSource(
  player: EmbeddedPlayer,
  options: { fallbackDuration: number; frames?: FrameScheduler },
): PlayerSource {
  const frames = options.frames ?? browserFrames
  const emitter = createEmitter()
  const duration = () => {
    const d = player.getDuration()
    return Number.isFinite(d) && d > 0 ? d : options.fallbackDuration
  }
  let snapshot: PlaybackSnapshot = { time: safeTime(player), playing: false, rate: 1, duration: duration() }
  let frame: number | undefined

  function set(next: Partial<PlaybackSnapshot>) {
    const merged = { ...snapshot, ...next }
    if (
      merged.time === snapshot.time &&
      merged.playing === snapshot.playing &&
      merged.rate === snapshot.rate &&
      merged.duration === snapshot.duration
    )
      return
    snapshot = merged
    emitter.emit()
  }

  // The player reports time only when asked: poll it once a frame while it plays.
  function poll() {
    frame = undefined
    set({ time: safeTime(player), duration: duration() })
    if (snapshot.playing) frame = frames.request(poll)
  }

  function stopPolling() {
    if (frame !== undefined) frames.cancel(frame)
    frame = undefined
  }

  return {
    kind: 'player',
    subscribe: emitter.subscribe,
    getSnapshot: () => snapshot,
    play: () => player.playVideo(),
    pause: () => player.pauseVideo(),
    seek(seconds) {
      player.seekTo(Math.max(0, seconds), true)
      set({ time: Math.max(0, seconds) })
    },
    setRate(rate) {
      player.setPlaybackRate(clampRate(rate))
    },
    handleStateChange(state) {
      const playing = state === PLAYER_STATE.playing || state === PLAYER_STATE.buffering
      set({ playing, time: safeTime(player), duration: duration() })
      stopPolling()
      if (playing) frame = frames.request(poll)
    },
    handleRateChange(rate) {
      set({ rate: clampRate(rate) })
    },
    dispose() {
      stopPolling()
      emitter.clear()
    },
  }
}

function safeTime(player: EmbeddedPlayer): number {
  const t = player.getCurrentTime()
  return Number.isFinite(t) && t >= 0 ? t : 0
}
