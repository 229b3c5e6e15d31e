import { describe, expect, it, vi } from 'vitest'
import type { Queryable } from '../db/database.ts'
import { createSettlements } from './settlements.ts'

function setup({ due = false } = {}) {
  let refuse = false
  const written: string[] = []
  const log = vi.fn()
  let finishEviction!: () => void
  const cache = {
    evictionDue: vi.fn(() => due),
    evict: vi.fn(() => new Promise<number>((r) => (finishEviction = () => r(0)))),
  }
  const db = {
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      if (refuse) throw new Error('disk full')
      return fn({} as Queryable)
    },
    query: async () => [],
  }
  const s = createSettlements({ db, cache, log })
  const write = (name: string) => async () => void written.push(name)
  return {
    s,
    written,
    log,
    cache,
    write,
    refuse: (r: boolean) => (refuse = r),
    finish: () => finishEviction(),
  }
}

describe('settlements', () => {
  it('a refused settlement never throws: it waits, is logged, and is written by the next retry, in order', async () => {
    const t = setup()
    t.refuse(true)
    await t.s.settle('1', t.write('one'))
    await t.s.settle('2', t.write('two'))
    expect(t.s.pending()).toBe(2)
    expect(t.log.mock.calls[0]![0]).toMatch(/ledger row 1 stays pending for now: .*disk full/)
    await expect(t.s.retry()).rejects.toThrow(/disk full/)
    expect(t.s.pending()).toBe(2)
    t.refuse(false)
    await t.s.retry()
    expect(t.written).toEqual(['one', 'two'])
    expect(t.s.pending()).toBe(0)
  })

  it('starts the cache eviction when due, one at a time', async () => {
    const t = setup({ due: true })
    await t.s.settle('1', t.write('one'))
    await t.s.settle('2', t.write('two'))
    expect(t.cache.evict).toHaveBeenCalledOnce()
    t.finish()
    await vi.waitFor(async () => {
      await t.s.settle('3', t.write('three'))
      expect(t.cache.evict).toHaveBeenCalledTimes(2)
    })
  })
})
