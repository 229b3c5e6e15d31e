import { describe, expect, it, vi } from 'vitest'
import { ApiFailure } from '../errors.ts'
import { callService } from './upstream-call.ts'

const call = {
  operation: 'GET /search' as const,
  path: '/search',
  query: { q: 'x' },
  signal: AbortSignal.abort(),
}
const n = { operation: call.operation, path: call.path, params: { q: 'x' } }
const answer = { status: 200, contentType: 'application/json', body: '{}', bytes: 2 }

describe('callService', () => {
  it('asks without the browser signal and gives the slot back once answered', async () => {
    const request = vi.fn(async () => answer)
    const freeSlot = vi.fn()
    expect(await callService({ request }, call, n, freeSlot)).toEqual({ answer })
    expect(request).toHaveBeenCalledWith({ operation: 'GET /search', path: '/search', query: { q: 'x' } })
    expect(freeSlot).toHaveBeenCalledOnce()
  })

  it('a failure is an outcome: the service named ones as they are, anything else 502 upstream_error', async () => {
    const named = new ApiFailure(504, 'upstream_timeout', 'slow')
    const freeSlot = vi.fn()
    expect(await callService({ request: () => Promise.reject(named) }, call, n, freeSlot)).toEqual({
      failure: named,
    })
    const other = await callService({ request: () => Promise.reject(new TypeError('x')) }, call, n, freeSlot)
    expect(other).toMatchObject({ failure: { status: 502, code: 'upstream_error' } })
    expect(freeSlot).toHaveBeenCalledTimes(2)
  })
})
