import { describe, expect, it, vi } from 'vitest'
import { StorageUnavailable } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import { admitPaidCall } from './paid-call-limit.ts'
import { PricedFailure } from './priced-failure.ts'

const call = { operation: 'GET /search' as const, path: '/search', query: {} }
const limiter = (take: () => Promise<void>) => ({ take: vi.fn(take), refund: async () => undefined })
const open = { pausedForSeconds: () => 0 }
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('admitPaidCall', () => {
  it('counts the call against its client, "local" when it names none', async () => {
    const l = limiter(async () => undefined)
    await admitPaidCall({ paidCallLimiter: l, client: open }, call)
    await admitPaidCall({ paidCallLimiter: l, client: open }, { ...call, clientKey: 'c1' })
    expect(l.take.mock.calls).toEqual([['local'], ['c1']])
  })

  it("a client over its limit gets the limiter's own 429, not a refusal its flight's joiners share", async () => {
    const own = new ApiFailure(429, 'rate_limited', 'too many')
    const thrown = await caught(
      admitPaidCall({ paidCallLimiter: limiter(() => Promise.reject(own)), client: open }, call),
    )
    expect(thrown).toBe(own)
    expect(thrown).not.toBeInstanceOf(PricedFailure)
  })

  it('a database that fails, or a service asking us to wait, is a refusal priced at 0', async () => {
    const down = limiter(() => Promise.reject(new StorageUnavailable('gone')))
    expect(await caught(admitPaidCall({ paidCallLimiter: down, client: open }, call))).toMatchObject({
      status: 503,
      code: 'storage_unavailable',
      costUsd: 0,
    })
    const paused = await caught(admitPaidCall({ client: { pausedForSeconds: () => 7 } }, call))
    expect(paused).toBeInstanceOf(PricedFailure)
    expect(paused).toMatchObject({ status: 429, retryAfterSeconds: 7, charged: false, costUsd: 0 })
  })
})
