// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { inProcessApi, stubApi } from '#testing/api-stub.ts'
import { createQueryClient } from '../query-client.ts'
import { openingRequests, type Opening } from './opening-requests.ts'
import { openingPriceOf, useOpeningPrice } from './use-opening-price.ts'

describe('openingPriceOf', () => {
  const two = [{ listPriceUsd: 0.00053 }, { listPriceUsd: 0.00053 }]
  it('sums list prices while quotes are missing', () => {
    expect(openingPriceOf(two, [undefined, undefined])).toEqual({
      priceUsd: 0.00106,
      cached: false,
      quoted: false,
    })
  })
  it('counts a cached request as free; all cached is "cached"', () => {
    const hit = { priceUsd: 0.00053, cached: true }
    const miss = { priceUsd: 0.00053, cached: false }
    expect(openingPriceOf(two, [hit, miss])).toEqual({ priceUsd: 0.00053, cached: false, quoted: true })
    expect(openingPriceOf(two, [hit, hit])).toEqual({ priceUsd: 0, cached: true, quoted: true })
  })
})

describe('useOpeningPrice', () => {
  it('prices a page of links with one quote request, and pays for nothing', async () => {
    const seen: Request[] = []
    stubApi(async (req) => {
      seen.push(req.clone())
      return inProcessApi(req)
    })
    const client = createQueryClient({ retry: false })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const openings: Opening[] = Array.from({ length: 30 }, (_, i) => ({
      kind: 'video',
      videoId: `vid${String(i).padStart(8, '0')}`,
    }))
    openings.push({ kind: 'popular' }, { kind: 'replies', commentId: 'UgzoQVUwDeGW1IS5_uR4AaABAg' })
    const { result } = renderHook(() => openings.map((d) => useOpeningPrice(d)), { wrapper })
    await waitFor(() => expect(result.current.every((p) => p.quoted)).toBe(true), { timeout: 15_000 })
    expect(result.current[0]).toEqual({ priceUsd: 0.00106, cached: false, quoted: true, failed: false })
    expect(result.current[30]).toMatchObject({ priceUsd: 0.00013, quoted: true })
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/quote'])
    const { paths } = (await seen[0]!.json()) as { paths: string[] }
    expect(paths).toEqual(openings.flatMap((d) => openingRequests(d).map((r) => r.path)))
  })
})
