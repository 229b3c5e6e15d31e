// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyProgress } from '#lib/caption-archive/progress.ts'
import { RunProgress } from './run-progress.tsx'

afterEach(() => vi.useRealTimers())

describe('RunProgress', () => {
  it('explains a rate-limit pause with a countdown, and says why requests waited instead of "N retries"', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T01:00:00Z') })
    const progress = {
      ...emptyProgress(50),
      settled: 10,
      retries: 5,
      rateLimitWaits: 4,
      pausedUntil: Date.now() + 12_000,
    }
    render(
      <RunProgress
        state={{ phase: 'running', progress, fileName: 'x.zip', method: 'download', stopping: false }}
        onStop={() => undefined}
      />,
    )
    expect(screen.getByTestId('bulk-paused').textContent).toBe(
      'Paused: the service asked to wait — resuming in 12 s.',
    )
    expect(screen.getByTestId('bulk-progress').textContent).toMatch(
      /4 waits for the service's rate limit · 1 retry after a failure that was not charged$/,
    )
    act(() => vi.advanceTimersByTime(5_000))
    expect(screen.getByTestId('bulk-paused').textContent).toMatch(/resuming in 7 s\.$/)
    act(() => vi.advanceTimersByTime(7_000))
    expect(screen.queryByTestId('bulk-paused')).toBeNull()
  })
})
