import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { recordCost } from './cost-tracker.ts'
import { refreshAfterPaidRequests } from './refresh-after-paid-requests.ts'

afterEach(() => vi.useRealTimers())

describe('refreshAfterPaidRequests', () => {
  it('invalidates the given keys once after a burst of paid answers, and not after free bookkeeping calls', () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
    const stop = refreshAfterPaidRequests(client, [['quote'], ['spend']], 100)

    recordCost({ url: '/api/quote?path=x', costUsd: 0, cache: 'NONE', fetchedAt: '2026-11-24T00:00:00.000Z' })
    vi.advanceTimersByTime(200)
    expect(invalidate).not.toHaveBeenCalled()

    recordCost({
      url: '/api/search?a',
      costUsd: 0.00203,
      cache: 'MISS',
      fetchedAt: '2026-11-24T00:00:01.000Z',
    })
    recordCost({ url: '/api/search?b', costUsd: 0, cache: 'HIT', fetchedAt: '2026-11-24T00:00:02.000Z' })
    vi.advanceTimersByTime(100)
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['quote'], ['spend']])

    stop()
    recordCost({
      url: '/api/search?c',
      costUsd: 0.00203,
      cache: 'MISS',
      fetchedAt: '2026-11-24T00:00:03.000Z',
    })
    vi.advanceTimersByTime(200)
    expect(invalidate).toHaveBeenCalledTimes(2)
  })
})
