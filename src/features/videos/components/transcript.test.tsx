// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTimeline } from '../lib/active-cue.ts'
import type { Cue } from '../lib/cues.ts'
import type { TextRange } from '../lib/sound-markers.ts'
import { createTranscriptClock } from '../lib/transcript-clock.ts'
import { Transcript } from './transcript.tsx'

const ROW = 40
const VIEWPORT = 600
const cues: Cue[] = Array.from({ length: 400 }, (_, i) => ({
  start: i * 1.5,
  end: i * 1.5 + 1.5,
  text: `cue number ${i}`,
  lang: 'en',
  wordCount: 3,
  speechRate: 120,
}))
const timeline = buildTimeline(cues)
const NO_MATCHES = new Map<number, TextRange[]>()
/** Frames are driven by the tests (seek), never by a timer. */
const frames = { now: () => 0, request: () => 0, cancel: () => {} }

/** jsdom has no ResizeObserver: this one reports an element's size once, soon after it is observed. */
class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(el: HTMLElement) {
    queueMicrotask(() =>
      this.callback(
        [
          {
            target: el,
            borderBoxSize: [{ blockSize: el.offsetHeight, inlineSize: 800 }],
          } as unknown as ResizeObserverEntry,
        ],
        this as unknown as ResizeObserver,
      ),
    )
  }
  unobserve() {}
  disconnect() {}
}

// jsdom lays nothing out: the scroll box has a viewport and rows a height, as one-line cues would.
beforeAll(() => {
  vi.stubGlobal('ResizeObserver', ReportingResizeObserver)
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'transcript-scroll' ? VIEWPORT : 0
    },
  })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 })
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-index') ? ROW : 0
    },
  })
})
afterAll(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight')
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth')
  Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight')
})
afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia')
  vi.restoreAllMocks()
})

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList
}

function renderTranscript() {
  const clock = createTranscriptClock({ duration: cues.at(-1)!.end, frames })
  function Following() {
    const [following, setFollowing] = useState(true)
    return (
      <Transcript
        cues={cues}
        timeline={timeline}
        source={clock}
        lang="en"
        rtl={false}
        matchesByCue={NO_MATCHES}
        currentMatch={undefined}
        following={following}
        onFollowingChange={setFollowing}
      />
    )
  }
  render(<Following />)
  const box = screen.getByTestId('transcript-scroll')
  /** Plays to cue `i`, delivers the scroll event the browser would send, and lets new rows be measured. */
  const playTo = async (i: number) => {
    await act(async () => clock.seek(cues[i]!.start + 0.1))
    await act(async () => void fireEvent.scroll(box))
  }
  const current = () => screen.getByRole('listitem', { current: true }).getAttribute('aria-posinset')
  return { clock, box, playTo, current }
}

const centred = (i: number) => i * ROW + ROW / 2 - VIEWPORT / 2

describe('Transcript', () => {
  it('highlights the playing cue and keeps it in the middle, cue after cue', async () => {
    prefersReducedMotion(true)
    const { box, playTo, current } = renderTranscript()
    await playTo(3)
    expect(current()).toBe('4')
    expect(box.scrollTop).toBe(0) // near the top the list does not move
    for (let i = 10; i <= 60; i++) {
      await playTo(i)
      expect(current()).toBe(String(i + 1))
      expect(box.scrollTop).toBe(centred(i))
    }
  })

  it('scrolls smoothly unless the reader asked for reduced motion', async () => {
    prefersReducedMotion(false)
    const scrollTo = vi.fn()
    HTMLElement.prototype.scrollTo = scrollTo
    try {
      const { playTo } = renderTranscript()
      await playTo(20)
      expect(scrollTo).toHaveBeenLastCalledWith({ top: centred(20), behavior: 'smooth' })
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo')
    }
  })

  it('moving to the next cue touches only the two rows whose highlight changed', async () => {
    prefersReducedMotion(true)
    const { playTo } = renderTranscript()
    for (let i = 30; i <= 40; i++) await playTo(i)
    const list = screen.getByRole('list', { name: 'Transcript cues' })
    const records: MutationRecord[] = []
    const observer = new MutationObserver((batch) => records.push(...batch))
    observer.observe(list, { subtree: true, childList: true, attributes: true, characterData: true })
    await playTo(41) // 40 and 41 are in one block of rows: no row is added or removed
    records.push(...observer.takeRecords())
    observer.disconnect()
    const rowsChanged = new Set(
      records.map(
        (r) => (r.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index') ?? 'list',
      ),
    )
    expect(rowsChanged).toEqual(new Set(['40', '41']))
    expect(records.filter((r) => r.type === 'childList')).toEqual([])
  })

  it('stops following when the reader scrolls, and "Follow playback" brings the playing cue back', async () => {
    prefersReducedMotion(true)
    const { box, playTo, current } = renderTranscript()
    await playTo(30)
    fireEvent.wheel(box, { deltaY: -400 })
    box.scrollTop = 0
    await act(async () => void fireEvent.scroll(box))
    await playTo(31)
    expect(box.scrollTop).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Follow playback' }))
    expect(box.scrollTop).toBe(centred(31))
    await act(async () => void fireEvent.scroll(box))
    expect(current()).toBe('32')
    expect(screen.queryByRole('button', { name: 'Follow playback' })).toBeNull()
  })
})
