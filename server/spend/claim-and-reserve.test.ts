import { describe, expect, it, vi } from 'vitest'
import { StorageUnavailable, type Queryable } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import { claimAndReserve, type ClaimDeps } from './claim-and-reserve.ts'
import { PricedFailure } from './priced-failure.ts'

const call = { operation: 'GET /search' as const, path: '/search', query: {} }
const n = { operation: call.operation, path: call.path, params: {} }
const price = { usd: 0.00203, micro: 2030 }
const stored = {
  kind: 'answer' as const,
  body: 'b',
  contentType: 'text/plain',
  bytes: 1,
  storedAt: 0,
  expiresAt: 9,
}

function deps(
  over: {
    kind?: 'pglite' | 'postgres'
    claimed?: string
    found?: typeof stored
    reserve?: () => Promise<void>
  } = {},
) {
  const order: string[] = []
  const tx = {} as Queryable
  const transaction = vi.fn(async <T>(fn: (tx: Queryable) => Promise<T>) => fn(tx))
  const d = {
    db: { kind: over.kind ?? 'postgres', transaction },
    ledger: { claim: vi.fn(async () => (order.push('claim'), over.claimed)) },
    budget: { reserve: vi.fn(over.reserve ?? (async () => void order.push('reserve'))) },
    cache: { find: vi.fn(async () => (order.push('find'), over.found)) },
    leaseMs: 1000,
  } as unknown as ClaimDeps
  return { d, order, transaction }
}

async function refusalOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('not refused')
    },
    (e: unknown) => e,
  )
}

describe('claimAndReserve', () => {
  it('claims, re-reads the cache and reserves the price in one urgent transaction, after the caller’s own check', async () => {
    const { d, order, transaction } = deps({ claimed: '7' })
    const beforeClaim = async () => void order.push('before')
    expect(await claimAndReserve(d, { ...call, beforeClaim }, n, 'k', price)).toEqual({ id: '7' })
    expect(order).toEqual(['before', 'claim', 'find', 'reserve'])
    expect(transaction).toHaveBeenCalledWith(expect.any(Function), { urgent: true })
    expect(d.ledger.claim).toHaveBeenCalledWith(expect.anything(), n, 'k', 2030, {
      leaseMs: 1000,
      deadAfterMs: undefined,
      at: expect.any(Number),
    })
  })

  it('lets the claim end a dead instance’s only when this instance may judge (it has been beating itself)', async () => {
    for (const judging of [true, false]) {
      const { d } = deps({ claimed: '7' })
      d.liveness = { staleMs: 5000, canJudge: () => judging }
      d.now = () => 7
      await claimAndReserve(d, call, n, 'k', price)
      expect(d.ledger.claim).toHaveBeenCalledWith(expect.anything(), n, 'k', 2030, {
        leaseMs: 1000,
        deadAfterMs: judging ? 5000 : undefined,
        at: 7,
      })
    }
  })

  it('another instance holds the claim: nothing reserved', async () => {
    const { d, order } = deps({ claimed: undefined })
    expect(await claimAndReserve(d, call, n, 'k', price)).toEqual({ elsewhere: true })
    expect(order).toEqual(['claim'])
  })

  it('an answer stored since the look-up is served, nothing reserved; the embedded engine has no other instance to ask', async () => {
    const pg = deps({ claimed: '7', found: stored })
    expect(await claimAndReserve(pg.d, call, n, 'k', price)).toEqual({ found: stored })
    expect(pg.order).toEqual(['claim', 'find'])
    const embedded = deps({ kind: 'pglite', claimed: '7', found: stored })
    expect(await claimAndReserve(embedded.d, call, n, 'k', price)).toEqual({ id: '7' })
    expect(embedded.order).toEqual(['claim', 'reserve'])
  })

  it('a refusal (the budget, the database) is thrown priced at 0; any other error as it is', async () => {
    const budget = new ApiFailure(402, 'budget_exhausted', 'cap')
    const refused = await refusalOf(
      claimAndReserve(deps({ claimed: '7', reserve: () => Promise.reject(budget) }).d, call, n, 'k', price),
    )
    expect(refused).toBeInstanceOf(PricedFailure)
    expect(refused).toMatchObject({ status: 402, code: 'budget_exhausted', costUsd: 0, cache: undefined })
    const down = deps({ claimed: '7', reserve: () => Promise.reject(new StorageUnavailable('gone')) })
    expect(await refusalOf(claimAndReserve(down.d, call, n, 'k', price))).toMatchObject({
      status: 503,
      code: 'storage_unavailable',
      costUsd: 0,
    })
    const bug = new TypeError('bug')
    const broken = deps({ claimed: '7', reserve: () => Promise.reject(bug) })
    expect(await refusalOf(claimAndReserve(broken.d, call, n, 'k', price))).toBe(bug)
  })

  it('a claim whose transaction failed is undone later, in case its commit reached the database unseen', async () => {
    const writes: ((tx: Queryable) => Promise<void>)[] = []
    const { d } = deps({ claimed: '7' })
    d.db = {
      kind: 'postgres',
      transaction: () => Promise.reject(new StorageUnavailable('timed out')),
    } as never
    d.settlements = { later: (_id, write) => void writes.push(write) }
    d.now = () => 42
    const abandon = vi.fn(async () => 2030 as number | undefined)
    d.ledger.abandonClaim = abandon
    d.budget.release = vi.fn(async () => undefined)
    expect(await refusalOf(claimAndReserve(d, call, n, 'k', price))).toMatchObject({
      status: 503,
      costUsd: 0,
    })
    expect(writes).toHaveLength(1)
    await writes[0]!({} as Queryable)
    expect(abandon).toHaveBeenCalledWith(expect.anything(), 'k', 42)
    expect(d.budget.release).toHaveBeenCalledWith(expect.anything(), 2030)
    // No row was written after all: nothing to give back.
    abandon.mockResolvedValueOnce(undefined)
    vi.mocked(d.budget.release).mockClear()
    await writes[0]!({} as Queryable)
    expect(d.budget.release).not.toHaveBeenCalled()
  })
})
