// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { apiUrl } from '../api-client.ts'
import { paidFetch } from '../paid-fetch.ts'
import { createQueryClient } from '../query-client.ts'
import { quoteQueries } from './quote-queries.ts'
import { refreshAfterPayment } from './refresh-after-payment.ts'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { useQuotedPrice } from './use-quoted-price.ts'

const TOKYO = apiUrl('/api/search', { location: '35.6762,139.6503', locationRadius: '10km', type: 'video' })

function setup() {
  const client = createQueryClient({ retry: false })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return { client, wrapper }
}

describe('useQuotedPrice', () => {
  it('shows the list price until paid, then "cached" and free once the answer is in the function\'s cache', async () => {
    const { client, wrapper } = setup()
    const stop = refreshAfterPayment(client, [quoteQueries.all()], 0)
    const { result } = renderHook(() => useQuotedPrice(TOKYO, 0.00203), { wrapper })
    expect(result.current).toEqual({ priceUsd: 0.00203, cached: false })
    await waitFor(
      () => expect(client.getQueryState(quoteQueries.forPath(TOKYO).queryKey)?.status).toBe('success'),
      { timeout: 15_000 },
    )
    expect(result.current).toEqual({ priceUsd: 0.00203, cached: false })
    await paidFetch(TOKYO, { as: 'none' })
    await waitFor(() => expect(result.current).toEqual({ priceUsd: 0, cached: true }))
    stop()
  })

  it('falls back to the list price when there is no URL or the quote fails', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/quote',
        () => jsonResponse({ error: { code: 'internal_error', message: 'x' } }, 500),
      ),
    )
    const { client, wrapper } = setup()
    const none = renderHook(() => useQuotedPrice(undefined, 0.00013), { wrapper })
    expect(none.result.current).toEqual({ priceUsd: 0.00013, cached: false })
    const failing = renderHook(() => useQuotedPrice('/api/channels?forHandle=%40rickastleyyt', 0.00013), {
      wrapper,
    })
    await waitFor(() =>
      expect(
        client.getQueryState(quoteQueries.forPath('/api/channels?forHandle=%40rickastleyyt').queryKey)
          ?.status,
      ).toBe('error'),
    )
    expect(failing.result.current).toEqual({ priceUsd: 0.00013, cached: false })
  })
})
