// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { emptyProgress } from '#lib/caption-archive/progress.ts'
import type { BulkProgress } from '#lib/caption-archive/progress.ts'
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

describe('RunProgress after a run with a video that has no captions', () => {
  // jsdom's TextEncoder hands out Uint8Arrays of another realm, which client-zip's instanceof checks reject.
  beforeAll(() => {
    const RealmTextEncoder = globalThis.TextEncoder
    globalThis.TextEncoder = class extends RealmTextEncoder {
      override encode(input?: string): Uint8Array<ArrayBuffer> {
        return new Uint8Array(super.encode(input))
      }
    }
  })

  it('counts files and videos with one vocabulary in the summary and the figures', async () => {
    const { startBulkRun } = await import('#lib/caption-archive/archive-run.ts')
    const { planBulk } = await import('#lib/caption-archive/plan.ts')
    const { ApiError } = await import('#lib/paid-fetch.ts')
    const selection = {
      videoIds: ['Jp4cK9tRz1U', 'Zp3xQe9LbTg'],
      formats: ['srt', 'vtt'] as const,
      languages: 'default' as const,
      mode: 'default' as const,
    }
    const progresses: BulkProgress[] = []
    const run = startBulkRun({
      plan: planBulk({ ...selection, formats: [...selection.formats] }),
      selection: { ...selection, formats: [...selection.formats] },
      viewUrl: 'http://localhost/bulk',
      concurrency: 2,
      signal: new AbortController().signal,
      sleep: async () => undefined,
      onProgress: (p) => progresses.push(p),
      fetch: async (url, init) => {
        const receipt = { url, costUsd: 0.00053, cache: 'MISS' as const, fetchedAt: new Date().toISOString() }
        init.onReceipt?.(receipt)
        if (url.includes('Zp3xQe9LbTg'))
          throw new ApiError(404, 'captions_unavailable', 'No captions.', undefined, undefined, 0.00053)
        const body = url.includes('format=json')
          ? JSON.stringify([{ text: 'x', offset: 0, duration: 1, lang: 'ja', wordCount: 1, speechRate: 60 }])
          : 'cues'
        return { bytes: new TextEncoder().encode(body), contentType: 'text/plain', receipt }
      },
    })
    await run.zip.arrayBuffer()
    const manifest = await run.manifest
    render(
      <RunProgress
        state={{
          phase: 'finished',
          progress: progresses.at(-1)!,
          fileName: 'x.zip',
          method: 'download',
          manifest,
        }}
        onStop={() => undefined}
      />,
    )
    const summary = screen.getByText(/^Complete:/).textContent
    const figures = screen.getByTestId('bulk-progress').textContent
    expect(summary).toBe('Complete: 2 files saved, 2 files not saved (from 1 video), see report.csv.')
    expect(figures).toMatch(/ · 2 files saved · 2 files not saved · 0 in flight$/)
    expect(`${summary} ${figures}`).not.toMatch(/unavailable|not available|not included/)
  })
})
