import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonResponse, stubApi } from '#testing/api-stub.ts'
import { getSessionSpend } from './pricing/cost-tracker.ts'
import { receiptHeaders } from '#testing/receipt-headers.ts'
import { ApiError, paidFetch, paidJsonWithReceipt, type Receipt } from './paid-fetch.ts'

const Body = z.looseObject({ n: z.number() })

describe('paidFetch', () => {
  it('returns the parsed body with what the answer cost and whether it was cached', async () => {
    stubApi((req) => {
      const hit = new URL(req.url).searchParams.get('c') === '1'
      return jsonResponse({ n: 1 }, 200, receiptHeaders(hit ? '0' : '0.00013', hit ? 'HIT' : 'MISS'))
    })
    const paid = await paidJsonWithReceipt('/api/x?c=0', Body)
    expect(paid.n).toBe(1)
    expect(paid.receipt).toMatchObject({ url: '/api/x?c=0', costUsd: 0.00013, cache: 'MISS' })
    const cached = await paidFetch('/api/x?c=1', { as: 'json', schema: Body })
    expect(cached.data).toEqual({ n: 1 })
    expect(cached.receipt).toMatchObject({ costUsd: 0, cache: 'HIT' })
  })

  it('turns a body of the wrong shape into a clear error', async () => {
    stubApi(() => jsonResponse({ n: 'one' }))
    await expect(paidJsonWithReceipt('/api/x', Body)).rejects.toBeInstanceOf(ApiError)
  })

  it('gives bytes exactly as they came, with their content type', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9, 0x0d, 0x0a, 0xff])
    stubApi(
      () =>
        new Response(body, {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', ...receiptHeaders('0.00053', 'MISS') },
        }),
    )
    const paid = await paidFetch('/api/captions/x?format=srt', { as: 'bytes' })
    expect(paid.bytes).toBeInstanceOf(Uint8Array)
    expect([...paid.bytes]).toEqual([...body])
    expect(paid.contentType).toBe('text/plain; charset=utf-8')
    expect(paid.receipt).toMatchObject({ url: '/api/captions/x?format=srt', costUsd: 0.00053, cache: 'MISS' })
  })

  it('hands over and records the receipt of a failure before throwing its ApiError', async () => {
    stubApi(() =>
      jsonResponse(
        { error: { code: 'captions_unavailable', message: 'No captions.' } },
        404,
        receiptHeaders('0.00053', 'MISS'),
      ),
    )
    const before = getSessionSpend().spentUsd
    const seen: Receipt[] = []
    const error = await paidFetch(
      '/api/captions/x',
      { as: 'bytes' },
      { onReceipt: (r) => seen.push(r) },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, code: 'captions_unavailable' })
    expect(seen).toMatchObject([{ url: '/api/captions/x', costUsd: 0.00053, cache: 'MISS' }])
    expect(getSessionSpend().spentUsd).toBeCloseTo(before + 0.00053, 10)
    expect(getSessionSpend().last).toEqual(seen[0])
  })

  it('maps an unreachable server to network_error and keeps storage_unavailable for the query client to retry', async () => {
    stubApi(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(paidFetch('/api/x', { as: 'none' })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    })
    stubApi(() =>
      jsonResponse({ error: { code: 'storage_unavailable', message: 'Storage is busy.' } }, 503, {
        'Retry-After': '2',
      }),
    )
    await expect(paidFetch('/api/x', { as: 'none' })).rejects.toMatchObject({
      status: 503,
      code: 'storage_unavailable',
      retryAfterSeconds: 2,
    })
  })
})
