// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { SearchItem } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import { createQueryClient } from '#lib/query-client.ts'
import type { FetchPage } from '../lib/sweep-runner.ts'
import { useSweepRun, type UseSweepRunArgs } from './use-sweep-run.ts'

const CIRCLES: Circle[] = [
  { id: 'c1', lat: 48.85, lon: 2.33, radiusKm: 2 },
  { id: 'c2', lat: 48.85, lon: 2.37, radiusKm: 2 },
]
const video = (id: string): SearchItem => ({
  kind: 'youtube#searchResult',
  videoId: id,
  publishedAt: '2026-01-02T03:04:05Z',
  channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
  title: id,
  description: '',
  thumbnails: {},
  channelTitle: 'A channel',
})

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient({ retry: false })}>{children}</QueryClientProvider>
}

let keys = 0
function args(fetchPage: FetchPage, over: Partial<UseSweepRunArgs> = {}): UseSweepRunArgs {
  return {
    sweepKey: `test-${++keys}`,
    circles: CIRCLES,
    depth: { kind: 'first' },
    maxUsd: 1,
    fetchPage,
    ...over,
  }
}

describe('useSweepRun', () => {
  it('never starts by itself; runs when asked; a reload finds the saved progress and offers it without fetching', async () => {
    const fetchPage = vi.fn<FetchPage>(async (c) => ({
      videos: [video(`${c.id}aaaaaaaa`.slice(0, 11))],
      nextPageToken: undefined,
      costUsd: 0.00203,
      cached: false,
    }))
    const a = args(fetchPage)
    const first = renderHook(() => useSweepRun(a), { wrapper })
    await waitFor(() => expect(first.result.current.state).toBe('idle'))
    expect(fetchPage).not.toHaveBeenCalled()
    expect(first.result.current.resumable).toBe(false)
    act(() => first.result.current.run())
    await waitFor(() => expect(first.result.current.state).toBe('done'))
    expect(fetchPage).toHaveBeenCalledTimes(2)
    expect(first.result.current.circleState('c1')).toBe('done')
    expect(first.result.current.progress?.spentUsd).toBeCloseTo(0.00406, 8)
    first.unmount()

    const again = renderHook(() => useSweepRun(a), { wrapper })
    await waitFor(() => expect(again.result.current.state).toBe('idle'))
    expect(again.result.current.resumable).toBe(true)
    expect(again.result.current.progress?.circles.c2?.done).toBe(true)
    expect(fetchPage).toHaveBeenCalledTimes(2)
    act(() => again.result.current.discard())
    await waitFor(() => expect(again.result.current.progress).toBeUndefined())
  })

  it('shows a failed circle as failed and does not retry it; the other circle finishes', async () => {
    const fetchPage = vi.fn<FetchPage>(async (c) => {
      if (c.id === 'c1') throw new Error('The service is down.')
      return { videos: [], nextPageToken: undefined, costUsd: 0, cached: true }
    })
    const a = args(fetchPage)
    const { result } = renderHook(() => useSweepRun(a), { wrapper })
    await waitFor(() => expect(result.current.state).toBe('idle'))
    act(() => result.current.run())
    await waitFor(() => expect(result.current.state).toBe('failed'))
    expect(result.current.circleState('c1')).toBe('failed')
    expect(result.current.circleState('c2')).toBe('done')
    expect(fetchPage.mock.calls.filter(([c]) => c.id === 'c1')).toHaveLength(1)
  })

  it('Stop aborts the pages on the way and the circles read as stopped', async () => {
    const fetchPage = vi.fn<FetchPage>(
      (_c, _t, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    )
    const a = args(fetchPage)
    const { result } = renderHook(() => useSweepRun(a), { wrapper })
    await waitFor(() => expect(result.current.state).toBe('idle'))
    act(() => result.current.run())
    await waitFor(() => expect(result.current.circleState('c1')).toBe('running'))
    act(() => result.current.stop())
    await waitFor(() => expect(result.current.state).toBe('stopped'))
    expect(result.current.circleState('c1')).toBe('stopped')
  })
})
