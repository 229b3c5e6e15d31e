// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePaintedOnce } from './use-painted-once.ts'

describe('usePaintedOnce', () => {
  afterEach(() => vi.restoreAllMocks())

  it('stays false while not ready, turns true after the next frame once ready, and stays true', async () => {
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb))
    const { result, rerender } = renderHook(({ ready }) => usePaintedOnce(ready), {
      initialProps: { ready: false },
    })
    expect(frames).toHaveLength(0)
    rerender({ ready: true })
    expect(result.current).toBe(false)
    expect(frames).toHaveLength(1)
    // Not before the frame has run.
    await new Promise((r) => setTimeout(r, 20))
    expect(result.current).toBe(false)
    act(() => frames[0]!(performance.now()))
    await waitFor(() => expect(result.current).toBe(true))
    rerender({ ready: false })
    expect(result.current).toBe(true)
  })
})
