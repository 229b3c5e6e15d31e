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

describe('RunProgress after a halt', () => {
  it('says the run halted and what to do instead of retrying, when the balance ran out', async () => {
    const { buildManifest } = await import('#lib/caption-archive/manifest.ts')
    const manifest = buildManifest({
      outcome: 'halted',
      haltedBy: { status: 402, code: 'balance_exhausted', message: 'The balance is used up.' },
      startedAt: new Date(),
      finishedAt: new Date(),
      viewUrl: 'http://localhost/bulk',
      dataSource: { kind: 'demo', name: 'demo simulator (invented data)', url: null },
      selection: { videoIds: ['dQw4w9WgXcQ'], formats: ['srt'], languages: ['en'], mode: 'default' },
      concurrency: 1,
      maxAttempts: 3,
      plannedRequests: 1,
      files: [],
      lookups: [],
      missing: [],
      costUsd: 0,
      retries: 0,
      dashboardVersion: 'test',
    })
    render(
      <RunProgress
        state={{
          phase: 'finished',
          progress: emptyProgress(1),
          fileName: 'x.zip',
          method: 'download',
          manifest,
        }}
        onStop={() => undefined}
      />,
    )
    expect(screen.getByText('Bulk download halted')).toBeTruthy()
    expect(screen.getByText(/add funds in the service's account dashboard/)).toBeTruthy()
  })
})
