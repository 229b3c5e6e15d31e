import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonResponse, stubApi } from '#testing/api-stub.ts'
import { ApiError, getJson } from './api-client.ts'

const Body = z.looseObject({ n: z.number() })

describe('getJson', () => {
  it('checks the answer with a schema given directly or through a loader', async () => {
    stubApi(() => jsonResponse({ n: 1, extra: true }))
    expect(await getJson('/api/x', {}, Body)).toEqual({ n: 1, extra: true })
    let loaded = 0
    const loader = async () => {
      loaded += 1
      return Body
    }
    expect(await getJson('/api/x', {}, loader)).toEqual({ n: 1, extra: true })
    expect(loaded).toBe(1)
  })

  it('refuses an answer of the wrong shape through a loaded schema too', async () => {
    stubApi(() => jsonResponse({ n: 'one' }))
    const error = await getJson('/api/x', {}, async () => Body).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, code: 'invalid_response' })
  })

  it("reads the function's error body (its schema is imported on the first failure)", async () => {
    stubApi(() =>
      jsonResponse(
        { error: { code: 'invalid_query', message: 'location is required.', param: 'location' } },
        400,
      ),
    )
    const error = await getJson('/api/search', {}, Body).catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_query',
      message: 'location is required.',
      param: 'location',
    })
  })
})
