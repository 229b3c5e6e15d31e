import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_CACHE_TTLS } from '../config/cache-ttl.ts'
import type { Queryable } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import type { PaidCall } from '../gateway.ts'
import type { Flight } from './single-flight.ts'
import { settleFailure, storeAndSettle, type Claimed, type SettleDeps } from './store-and-settle.ts'

const n = { operation: 'GET /captions/{videoId}' as const, path: '/captions/v', params: { format: 'json' } }
const call: PaidCall = { operation: n.operation, path: n.path, query: { format: 'json' } }
const price = { usd: 0.0005, micro: 500 }

function setup(
  learned?: { videoId: string; mode: string; lang: string; canonical: PaidCall },
  settled = true,
) {
  const order: string[] = []
  const step = (name: string) => vi.fn(async (..._: unknown[]) => void order.push(name))
  const settleStep = vi.fn(async (..._: unknown[]) => (order.push('ledger'), settled))
  const flight: Flight = {
    joined: 3,
    share: vi.fn(() => void order.push('share')),
    fail: vi.fn(),
    land: vi.fn(),
  }
  const deps = {
    cache: {
      remember: vi.fn(() => void order.push('remember')),
      store: step('store'),
      copy: step('copy'),
      storeStatement: vi.fn(() => ({ sql: 'INSERT INTO cache_entries …', params: ['a', 'b'] })),
    },
    ledger: {
      settle: settleStep,
      settleStatement: vi.fn(() => ({ sql: 'UPDATE ledger …', params: ['c'] })),
    },
    budget: { release: step('release') },
    ttl: DEFAULT_CACHE_TTLS,
    captionDefaults: { learn: vi.fn(() => learned), remember: step('language') },
    settlements: {
      settle: vi.fn((_id: string, write: (tx: Queryable) => Promise<void>) => write({} as Queryable)),
      settleAtOnce: vi.fn(async () => void order.push('settle at once')),
    },
  }
  const paid: Claimed = { id: '7', key: 'k', n, price, flight }
  return { deps, paid, order, flight, d: deps as unknown as SettleDeps }
}

const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('storeAndSettle', () => {
  const answer = { status: 200, contentType: 'application/json', body: '[]', bytes: 2 }

  it('remembers and shares the answer before the settlement, which stores it and charges the price with the joiners', async () => {
    const t = setup()
    const result = await storeAndSettle(t.d, t.paid, call, { answer, json: [] })
    expect(result).toEqual({
      body: '[]',
      contentType: 'application/json',
      costUsd: 0.0005,
      cache: 'MISS',
      json: [],
    })
    expect(t.order).toEqual(['remember', 'share', 'settle at once'])
    // The cache row and the ledger row in one statement, the settlement's parameters numbered after the row's.
    expect(t.deps.ledger.settleStatement).toHaveBeenCalledWith(
      '7',
      { state: 'charged', costMicro: 500, httpStatus: 200, bytes: 2, joined: 3 },
      3,
    )
    expect(t.deps.settlements.settleAtOnce).toHaveBeenCalledWith('7', {
      sql: 'WITH stored AS (INSERT INTO cache_entries …) UPDATE ledger …',
      params: ['a', 'b', 'c'],
    })
  })

  it('a track that tells its language is kept under the question with the language written out too', async () => {
    const t = setup({
      videoId: 'v',
      mode: 'default',
      lang: 'en',
      canonical: { ...call, query: { format: 'json', lang: 'en' } },
    })
    await storeAndSettle(t.d, t.paid, call, { answer, json: [] })
    expect(t.order).toEqual(['remember', 'remember', 'share', 'store', 'copy', 'language', 'ledger'])
  })
})

describe('settleFailure', () => {
  it('a failure the service may have billed costs its price and keeps the reservation', async () => {
    const t = setup()
    const thrown = await caught(settleFailure(t.d, t.paid, new ApiFailure(502, 'upstream_error', 'x')))
    expect(thrown).toMatchObject({ status: 502, costUsd: 0.0005, cache: 'MISS' })
    expect(t.order).toEqual(['share', 'ledger'])
    expect(t.deps.ledger.settle).toHaveBeenCalledWith(
      expect.anything(),
      '7',
      expect.objectContaining({ state: 'charged_failure', costMicro: 500, joined: 3 }),
    )
  })

  it('a refusal at the door costs nothing and gives its reservation back', async () => {
    const t = setup()
    const thrown = await caught(
      settleFailure(t.d, t.paid, new ApiFailure(429, 'rate_limited', 'wait', { retryAfterSeconds: 9 })),
    )
    expect(thrown).toMatchObject({ status: 429, costUsd: 0, cache: 'MISS' })
    expect(t.order).toEqual(['share', 'ledger', 'release'])
    expect(t.deps.ledger.settle).toHaveBeenCalledWith(
      expect.anything(),
      '7',
      expect.objectContaining({ state: 'free_failure', costMicro: 0, retryAfterSeconds: 9 }),
    )
  })

  it('gives nothing back when the row was already settled or reconciled by hand (the settlement wrote nothing)', async () => {
    const t = setup(undefined, false)
    await caught(settleFailure(t.d, t.paid, new ApiFailure(429, 'rate_limited', 'wait')))
    expect(t.order).toEqual(['share', 'ledger'])
  })

  it('only "captions unavailable" is cached, and shared as the hit it will be', async () => {
    const t = setup()
    await caught(settleFailure(t.d, t.paid, new ApiFailure(404, 'captions_unavailable', 'none')))
    expect(t.order).toEqual(['remember', 'share', 'store', 'ledger'])
    expect(t.flight.share).toHaveBeenCalledWith(expect.objectContaining({ cacheable: true }))
  })
})
