import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { recordCost } from './cost-tracker.ts'
import { refreshQuotesAfterPaidRequests } from './refresh-quotes-after-paid-requests.ts'

afterEach(() => vi.useRealTimers())

const at = '2026-11-25T00:00:00.000Z'

describe('refreshQuotesAfterPaidRequests', () => {
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
    const stop = refreshQuotesAfterPaidRequests(client, 100)

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
