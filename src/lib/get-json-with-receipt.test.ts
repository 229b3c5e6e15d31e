import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonResponse, stubApi } from '#testing/api-stub.ts'
import { getJsonWithReceipt } from './get-json-with-receipt.ts'
import { ApiError } from './api-client.ts'

const Body = z.looseObject({ n: z.number() })

describe('getJsonWithReceipt', () => {
  it('returns the parsed body with what the answer cost and whether it was cached', async () => {
    stubApi((req) => {
      const hit = new URL(req.url).searchParams.get('c') === '1'
      return jsonResponse({ n: 1 }, 200, {
        'X-Cost-USD': hit ? '0' : '0.00013',
        'X-Cache': hit ? 'HIT' : 'MISS',
      })
    })
    const paid = await getJsonWithReceipt('/api/x', { c: '0' }, Body)
    expect(paid.n).toBe(1)
    expect(paid.receipt).toMatchObject({ url: '/api/x?c=0', costUsd: 0.00013, cache: 'MISS' })
    const cached = await getJsonWithReceipt('/api/x', { c: '1' }, Body)
    expect(cached.receipt).toMatchObject({ costUsd: 0, cache: 'HIT' })
  })

  it('turns a body of the wrong shape into a clear error', async () => {
    stubApi(() => jsonResponse({ n: 'one' }))
    await expect(getJsonWithReceipt('/api/x', {}, Body)).rejects.toBeInstanceOf(ApiError)
  })
})
