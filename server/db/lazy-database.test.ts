import { describe, expect, it } from 'vitest'
import { StorageUnavailable, type Database } from './database.ts'
import { lazyDatabase } from './lazy-database.ts'

/** An engine whose statements fail as storage failures while `down` is set. */
function engine() {
  const state = { down: false }
  const fail = () => Promise.reject(new StorageUnavailable('connection refused'))
  const db: Database = {
    kind: 'postgres',
    query: async () => (state.down ? fail() : []),
    transaction: async (fn) => (state.down ? fail() : fn({ query: async () => [] })),
    exec: async () => undefined,
    sizeBytes: async () => 0,
    close: async () => undefined,
  }
  return { db, state }
}

describe('lazyDatabase reports storage failures', () => {
  it('a statement that fails for want of storage is reported; the caller still gets the failure', async () => {
    const { db, state } = engine()
    let reported = 0
    const lazy = lazyDatabase(Promise.resolve(db), () => reported++)
    await lazy.query('SELECT 1')
    expect(reported).toBe(0)
    state.down = true
    await expect(lazy.query('SELECT 1')).rejects.toBeInstanceOf(StorageUnavailable)
    await expect(lazy.transaction(async () => 1)).rejects.toBeInstanceOf(StorageUnavailable)
    expect(reported).toBe(2)
  })

  it("a refusal the caller's own transaction throws is not a storage failure", async () => {
    const { db } = engine()
    let reported = 0
    const lazy = lazyDatabase(Promise.resolve(db), () => reported++)
    await expect(
      lazy.transaction(async () => {
        throw new Error('budget_exhausted')
      }),
    ).rejects.toThrow('budget_exhausted')
    expect(reported).toBe(0)
  })

  it('an engine that could not open is reported at each use', async () => {
    let reported = 0
    const lazy = lazyDatabase(Promise.reject(new Error('disk full')), () => reported++)
    await expect(lazy.query('SELECT 1')).rejects.toBeInstanceOf(StorageUnavailable)
    expect(reported).toBe(1)
  })
})
