import { describe, expect, it, vi } from 'vitest'
import { buildTimeline } from './active-cue.ts'
import { createActiveCueStore } from './active-cue-store.ts'
import { createTranscriptClock } from './transcript-clock.ts'

const timeline = buildTimeline([0, 1, 2, 3, 4].map((i) => ({ start: i * 2, end: i * 2 + 1.5 })))
const frames = { now: () => 0, request: () => 0, cancel: () => {} }

describe('createActiveCueStore', () => {
  it('notifies only the rows whose state changed', () => {
    const clock = createTranscriptClock({ duration: 10, frames })
    const store = createActiveCueStore(clock, timeline)
    const rows = [0, 1, 2, 3, 4].map(() => vi.fn())
    const unsubscribe = rows.map((l, i) => store.subscribe(i, l))
    expect(store.current()).toBe(0)

    clock.seek(2.5) // cue 1
    expect(store.current()).toBe(1)
    expect(rows.map((l) => l.mock.calls.length)).toEqual([1, 1, 0, 0, 0])

    clock.seek(2.9) // still cue 1
    expect(rows.map((l) => l.mock.calls.length)).toEqual([1, 1, 0, 0, 0])

    clock.seek(3.7) // a gap: cue 1 stops, nothing starts
    expect(store.current()).toBe(-1)
    expect(rows.map((l) => l.mock.calls.length)).toEqual([1, 2, 0, 0, 0])

    clock.seek(8.2) // cue 4
    expect(rows.map((l) => l.mock.calls.length)).toEqual([1, 2, 0, 0, 1])
    unsubscribe.forEach((u) => u())
  })

  it('reads the clock while nothing listens, and stops listening to it with the last row', () => {
    const clock = createTranscriptClock({ duration: 10, start: 6.2, frames })
    const subscribe = vi.spyOn(clock, 'subscribe')
    const store = createActiveCueStore(clock, timeline)
    expect(store.current()).toBe(3)
    const a = store.subscribe(3, () => {})
    const b = store.subscribe(4, () => {})
    expect(subscribe).toHaveBeenCalledTimes(1)
    a()
    b()
    clock.seek(8.2)
    expect(store.current()).toBe(4)
    store.subscribe(4, () => {})()
    expect(subscribe).toHaveBeenCalledTimes(2)
  })
})
