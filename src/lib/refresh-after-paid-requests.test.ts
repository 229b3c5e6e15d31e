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

    recordCost({ path: '/api/quote?path=x', costUsd: 0, cache: 'NONE', at: 0 })
    vi.advanceTimersByTime(200)
    expect(invalidate).not.toHaveBeenCalled()

    recordCost({ path: '/api/search?a', costUsd: 0.00203, cache: 'MISS', at: 1 })
    recordCost({ path: '/api/search?b', costUsd: 0, cache: 'HIT', at: 2 })
    vi.advanceTimersByTime(100)
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['quote'], ['spend']])

    stop()
    recordCost({ path: '/api/search?c', costUsd: 0.00203, cache: 'MISS', at: 3 })
    vi.advanceTimersByTime(200)
    expect(invalidate).toHaveBeenCalledTimes(2)
  })
})
