import { describe, expect, it, vi } from 'vitest'
import { StorageUnavailable, type Queryable } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'
import { claimAndReserve, type ClaimDeps } from './claim-and-reserve.ts'
import type { ClaimOutcome } from './ledger-rows.ts'
import { PricedFailure } from './priced-failure.ts'

const call = { operation: 'GET /search' as const, path: '/search', query: {} }
const n = { operation: call.operation, path: call.path, params: {} }
const price = { usd: 0.00203, micro: 2030 }

function deps(over: { kind?: 'pglite' | 'postgres'; outcome?: () => Promise<ClaimOutcome> } = {}) {
  const order: string[] = []
  const tx = { query: vi.fn() } as Queryable
  const transaction = vi.fn(async <T>(fn: (tx: Queryable) => Promise<T>) => fn(tx))
  const d = {
    db: { kind: over.kind ?? 'postgres', transaction, query: vi.fn() },
    ledger: {
      claimReserving: vi.fn(async () => {
        order.push('claim')
        return over.outcome ? over.outcome() : ({ outcome: 'claimed', id: '7' } as const)
      }),
    },
    budget: {
      capMicro: 10_000,
      exhausted: (_op: string, _price: number, spent: number) =>
        new ApiFailure(402, 'budget_exhausted', `spent ${spent}`),
    },
    leaseMs: 1000,
  } as unknown as ClaimDeps
  return { d, order, transaction, tx }
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
  it('claims and reserves in one statement, outside any transaction, when the caller checks nothing first', async () => {
    const { d, transaction } = deps()
    expect(await claimAndReserve(d, call, n, 'k', price)).toEqual({ id: '7' })
    expect(transaction).not.toHaveBeenCalled()
    expect(d.ledger.claimReserving).toHaveBeenCalledWith(d.db, n, 'k', 2030, {
      leaseMs: 1000,
      deadAfterMs: undefined,
      at: expect.any(Number),
      capMicro: 10_000,
      checkCache: true,
    })
  })

  it('runs the caller’s own check first, in one urgent transaction with the claim', async () => {
    const { d, order, transaction, tx } = deps()
    const beforeClaim = async () => void order.push('before')
    expect(await claimAndReserve(d, { ...call, beforeClaim }, n, 'k', price)).toEqual({ id: '7' })
    expect(order).toEqual(['before', 'claim'])
    expect(transaction).toHaveBeenCalledWith(expect.any(Function), { urgent: true })
    expect(d.ledger.claimReserving).toHaveBeenCalledWith(tx, n, 'k', 2030, expect.anything())
  })

  it('lets the claim end a dead instance’s only when this instance may judge; the embedded engine reads no cache again', async () => {
    for (const judging of [true, false]) {
      const { d } = deps({ kind: 'pglite' })
      d.liveness = { staleMs: 5000, canJudge: () => judging }
      d.now = () => 7
      await claimAndReserve(d, call, n, 'k', price)
      expect(d.ledger.claimReserving).toHaveBeenCalledWith(d.db, n, 'k', 2030, {
        leaseMs: 1000,
        deadAfterMs: judging ? 5000 : undefined,
        at: 7,
        capMicro: 10_000,
        checkCache: false,
      })
    }
  })

  it('another request holds the claim, or another instance stored the answer: it is waited for', async () => {
    for (const outcome of ['elsewhere', 'stored'] as const) {
      const { d } = deps({ outcome: async () => ({ outcome }) })
      expect(await claimAndReserve(d, call, n, 'k', price)).toEqual({ elsewhere: true })
    }
  })

  it('a refusal (the budget, the database) is thrown priced at 0; any other error as it is', async () => {
    const over = deps({ outcome: async () => ({ outcome: 'over_budget', spentMicro: 9000 }) })
    const refused = await refusalOf(claimAndReserve(over.d, call, n, 'k', price))
    expect(refused).toBeInstanceOf(PricedFailure)
    expect(refused).toMatchObject({ status: 402, code: 'budget_exhausted', costUsd: 0, cache: undefined })
    expect(refused).toMatchObject({ message: 'spent 9000' })
    const down = deps({ outcome: () => Promise.reject(new StorageUnavailable('gone')) })
    expect(await refusalOf(claimAndReserve(down.d, call, n, 'k', price))).toMatchObject({
      status: 503,
      code: 'storage_unavailable',
      costUsd: 0,
    })
    const bug = new TypeError('bug')
    const broken = deps({ outcome: () => Promise.reject(bug) })
    expect(await refusalOf(claimAndReserve(broken.d, call, n, 'k', price))).toBe(bug)
  })

  it('a claim whose statement failed is undone later, in case its commit reached the database unseen', async () => {
    const writes: ((tx: Queryable) => Promise<void>)[] = []
    const { d } = deps({ outcome: () => Promise.reject(new StorageUnavailable('timed out')) })
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
