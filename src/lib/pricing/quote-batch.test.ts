import { describe, expect, it } from 'vitest'
import { inProcessApi, stubApi } from '#testing/api-stub.ts'
import { MAX_BATCH_PATHS, quoteInBatch } from './quote-batch.ts'

function recordQuoteRequests(): number[] {
  const batchSizes: number[] = []
  stubApi(async (req) => {
    const body = (await req.clone().json()) as { paths: string[] }
    batchSizes.push(body.paths.length)
    return inProcessApi(req)
  })
  return batchSizes
}

describe('quoteInBatch', () => {
  it(`sends the quotes asked together as one request, ${MAX_BATCH_PATHS} paths at most per request`, async () => {
    const sizes = recordQuoteRequests()
    const paths = Array.from(
      { length: MAX_BATCH_PATHS + 50 },
      (_, i) => `/api/files/captions/q${String(i).padStart(10, '0')}`,
    )
    // The same path asked twice is sent once and answers both.
    const quotes = await Promise.all([...paths, paths[0]!].map((p) => quoteInBatch(p)))
    expect(sizes).toEqual([MAX_BATCH_PATHS, 50])
    expect(quotes).toHaveLength(paths.length + 1)
    expect(quotes.every((q) => q.priceUsd === 0.00053 && !q.cached)).toBe(true)
  })

  it('a path the function refuses fails alone, with its reason', async () => {
    recordQuoteRequests()
    const [good, bad] = await Promise.allSettled([
      quoteInBatch('/api/popularVideos'),
      quoteInBatch('/api/search?location=99,0&locationRadius=1km&type=video'),
    ])
    expect(good).toMatchObject({ status: 'fulfilled', value: { priceUsd: 0.00013 } })
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: 'invalid_query', param: 'location' } })
  })
})
