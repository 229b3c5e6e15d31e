import { describe, expect, it } from 'vitest'
import { createTranscriptClock } from './transcript-clock.ts'
import { createPlayerSource, PLAYER_STATE, type EmbeddedPlayer } from './player-source.ts'
import type { FrameScheduler } from './time-source.ts'

/** Frames run only when the test says so; time moves only when the test says so. */
function manualFrames() {
  let now = 0
  let next = 1
  const pending = new Map<number, () => void>()
  const frames: FrameScheduler = {
    now: () => now,
    request: (cb) => {
      pending.set(next, cb)
      return next++
    },
    cancel: (h) => void pending.delete(h),
  }
  return {
    frames,
    advance(ms: number) {
      now += ms
      const due = [...pending.values()]
      pending.clear()
      due.forEach((cb) => cb())
    },
    pendingCount: () => pending.size,
  }
}

describe('transcript clock', () => {
  it('advances with time while playing, at its rate, and stops when paused', () => {
    const m = manualFrames()
    const clock = createTranscriptClock({ duration: 100, frames: m.frames })
    clock.play()
    m.advance(2000)
    expect(clock.getSnapshot()).toMatchObject({ time: 2, playing: true })
    clock.setRate(2)
    m.advance(1000)
    expect(clock.getSnapshot().time).toBeCloseTo(4)
    clock.pause()
    m.advance(5000)
    expect(clock.getSnapshot()).toMatchObject({ playing: false })
    expect(clock.getSnapshot().time).toBeCloseTo(4)
    expect(m.pendingCount()).toBe(0)
  })

  it('starts at the given moment, seeks within the duration and clamps the rate', () => {
    const m = manualFrames()
    const clock = createTranscriptClock({ duration: 60, start: 30, frames: m.frames })
    expect(clock.getSnapshot().time).toBe(30)
    clock.seek(90)
    expect(clock.getSnapshot().time).toBe(60)
    clock.seek(-5)
    expect(clock.getSnapshot().time).toBe(0)
    clock.setRate(10)
    expect(clock.getSnapshot().rate).toBe(2)
    clock.setRate(0.1)
    expect(clock.getSnapshot().rate).toBe(0.5)
  })

  it('stops at the end and plays again from the start', () => {
    const m = manualFrames()
    const clock = createTranscriptClock({ duration: 3, frames: m.frames })
    clock.play()
    m.advance(5000)
    expect(clock.getSnapshot()).toMatchObject({ time: 3, playing: false })
    clock.play()
    expect(clock.getSnapshot().time).toBe(0)
  })

  it('keeps the snapshot object until something changes and notifies subscribers', () => {
    const m = manualFrames()
    const clock = createTranscriptClock({ duration: 10, frames: m.frames })
    const first = clock.getSnapshot()
    expect(clock.getSnapshot()).toBe(first)
    let calls = 0
    const off = clock.subscribe(() => calls++)
    clock.seek(5)
    expect(calls).toBe(1)
    expect(clock.getSnapshot()).not.toBe(first)
    off()
    clock.seek(6)
    expect(calls).toBe(1)
  })

  it('a start beyond an unknown duration is kept until the duration arrives, then clamped', () => {
    const m = manualFrames()
    const clock = createTranscriptClock({ duration: 0, start: 500, frames: m.frames })
    expect(clock.getSnapshot().time).toBe(500)
    clock.setDuration(200)
    expect(clock.getSnapshot()).toMatchObject({ time: 200, duration: 200 })
  })
})

describe('player source', () => {
  function fakePlayer() {
    const state = { time: 0, rate: 1, playerState: PLAYER_STATE.cued as number, calls: [] as string[] }
    const player: EmbeddedPlayer = {
      getCurrentTime: () => state.time,
      getDuration: () => 212,
      getPlayerState: () => state.playerState,
      playVideo: () => void state.calls.push('play'),
      pauseVideo: () => void state.calls.push('pause'),
      seekTo: (s) => void state.calls.push(`seek:${s}`),
      setPlaybackRate: (r) => void state.calls.push(`rate:${r}`),
      getPlaybackRate: () => state.rate,
    }
    return { player, state }
  }

  it('drives the player and polls its time while it plays', () => {
    const m = manualFrames()
    const { player, state } = fakePlayer()
    const source = createPlayerSource(player, { fallbackDuration: 100, frames: m.frames })
    expect(source.getSnapshot().duration).toBe(212)
    source.play()
    source.seek(42)
    source.setRate(3)
    expect(state.calls).toEqual(['play', 'seek:42', 'rate:2'])
    source.handleStateChange(PLAYER_STATE.playing)
    state.time = 43.5
    m.advance(16)
    expect(source.getSnapshot()).toMatchObject({ time: 43.5, playing: true })
    source.handleStateChange(PLAYER_STATE.paused)
    expect(source.getSnapshot().playing).toBe(false)
    state.time = 50
    m.advance(16)
    expect(source.getSnapshot().time).toBe(43.5)
    source.handleRateChange(1.5)
    expect(source.getSnapshot().rate).toBe(1.5)
  })
})

describe('player origin', () => {
  it('is the privacy-enhanced domain unless a valid http(s) origin is configured', async () => {
    const { playerOrigin, DEFAULT_PLAYER_ORIGIN } = await import('./load-iframe-api.ts')
    expect(DEFAULT_PLAYER_ORIGIN).toBe('https://www.youtube-nocookie.com')
    expect(playerOrigin(undefined)).toBe(DEFAULT_PLAYER_ORIGIN)
    expect(playerOrigin('  ')).toBe(DEFAULT_PLAYER_ORIGIN)
    expect(playerOrigin('https://player.example.org/some/path')).toBe('https://player.example.org')
    expect(playerOrigin('javascript:alert(1)')).toBe(DEFAULT_PLAYER_ORIGIN)
    expect(playerOrigin('not a url')).toBe(DEFAULT_PLAYER_ORIGIN)
  })
})
