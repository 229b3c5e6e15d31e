import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { recordCost } from './cost-tracker.ts'
import { refreshAfterPayment, refreshQuotesAfterPayment } from './refresh-after-payment.ts'

afterEach(() => vi.useRealTimers())

describe('refreshAfterPayment', () => {
  it('invalidates the given keys once after a burst of paid answers, and not after free bookkeeping calls', () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
    const stop = refreshAfterPayment(client, [['quote'], ['spend']], 100)

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

const at = '2026-11-25T00:00:00.000Z'

describe('refreshQuotesAfterPayment', () => {
  it('refreshes, once per burst, only the quotes of the resources just paid for', () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const quote = (path: string) => {
      client.setQueryData(['quote', path], { operation: 'x', priceUsd: 0.00053, cached: false })
      return () => client.getQueryState(['quote', path])?.isInvalidated
    }
    const track = quote('/api/captions/dQw4w9WgXcQ?mode=default')
    const files = quote('/api/files/captions/dQw4w9WgXcQ')
    const other = quote('/api/captions/k7Ry2VqWm_E?mode=default')
    client.setQueryData(['spend', 'totals'], {})
    const stop = refreshQuotesAfterPayment(client, 100)

    recordCost({ url: '/api/quote', costUsd: 0, cache: 'NONE', fetchedAt: at })
    vi.advanceTimersByTime(200)
    expect([track(), files(), other()]).toEqual([false, false, false])

    // The bulk view's srt of the same video: the studio link's quote (json) is of the same resource.
    recordCost({
      url: '/api/captions/dQw4w9WgXcQ?format=srt&lang=en',
      costUsd: 0.00053,
      cache: 'MISS',
      fetchedAt: at,
    })
    recordCost({ url: '/api/files/captions/dQw4w9WgXcQ', costUsd: 0, cache: 'HIT', fetchedAt: at })
    vi.advanceTimersByTime(100)
    expect([track(), files(), other()]).toEqual([true, true, false])
    expect(client.getQueryState(['spend', 'totals'])?.isInvalidated).toBe(false)

    stop()
    recordCost({ url: '/api/captions/k7Ry2VqWm_E', costUsd: 0.00053, cache: 'MISS', fetchedAt: at })
    vi.advanceTimersByTime(200)
    expect(other()).toBe(false)
  })
})
