/**
 * The embedded engine's lock: whoever waits for it lets the event loop run first (decision 0179); an urgent
 * transaction (a paid call's claim) goes before queued work (decision 0180).
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { GIN_PENDING_LIST_LIMIT, MEMORY, openPglite, turns } from './pglite-engine.ts'

let db: Database
beforeEach(async () => {
  db = await openPglite({ dataDir: MEMORY, timeoutMs: 30_000, template: process.env.PGLITE_TEMPLATE })
})
afterEach(() => db.close())

/** A transaction that holds the database until released, having scheduled `order.push('event loop')`. */
function holding(order: string[]) {
  let inside!: () => void
  let release!: () => void
  const entered = new Promise<void>((r) => (inside = r))
  const released = new Promise<void>((r) => (release = r))
  const done = db.transaction(async (tx) => {
    await tx.query('SELECT 1')
    inside()
    await released
    // An answer arriving while this holds the database: handled before the next holder starts.
    setImmediate(() => order.push('event loop'))
    order.push('first')
  })
  return { entered, release, done }
}

it('lets the event loop run before a queued transaction takes the database', async () => {
  const order: string[] = []
  const first = holding(order)
  await first.entered
  const second = db.transaction(async (tx) => {
    order.push('second')
    await tx.query('SELECT 1')
  })
  first.release()
  await Promise.all([first.done, second])
  expect(order).toEqual(['first', 'event loop', 'second'])
})

it('lets the event loop run before a queued statement takes the database', async () => {
  const order: string[] = []
  const first = holding(order)
  await first.entered
  const statement = db.query('SELECT 1').then(() => order.push('statement'))
  first.release()
  await Promise.all([first.done, statement])
  expect(order).toEqual(['first', 'event loop', 'statement'])
})

it('runs an urgent transaction before the work queued ahead of it, then the rest in order', async () => {
  const order: string[] = []
  const first = holding(order)
  await first.entered
  const queued = ['writer 1', 'statement', 'writer 2'].map((name) =>
    name === 'statement'
      ? db.query('SELECT 1').then(() => order.push(name))
      : db.transaction(async (tx) => {
          order.push(name)
          await tx.query('SELECT 1')
        }),
  )
  const claim = db.transaction(
    async (tx) => {
      order.push('claim')
      return (await tx.query<{ n: number }>('SELECT 2 AS n'))[0]?.n
    },
    { urgent: true },
  )
  first.release()
  await Promise.all([first.done, ...queued])
  expect(await claim).toBe(2)
  expect(order.filter((o) => o !== 'event loop')).toEqual([
    'first',
    'claim',
    'writer 1',
    'statement',
    'writer 2',
  ])
})

it('an urgent transaction that throws rolls back and hands the database on', async () => {
  await db.query('CREATE TEMP TABLE t (n int)')
  const failed = db.transaction(
    async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)')
      throw new Error('refused')
    },
    { urgent: true },
  )
  await expect(failed).rejects.toThrow('refused')
  await db.transaction((tx) => tx.query('INSERT INTO t VALUES (2)'))
  expect(await db.query('SELECT n FROM t')).toEqual([{ n: 2 }])
})

it('turns: one holder at a time; urgent waiters first, each queue in arrival order', async () => {
  const turn = turns()
  const order: string[] = []
  let holding = 0
  let most = 0
  const work = (name: string) => async () => {
    holding++
    most = Math.max(most, holding)
    await new Promise((r) => setTimeout(r, 1))
    order.push(name)
    holding--
    return name
  }
  const all = [
    turn(false, work('a')),
    turn(false, work('b')),
    turn(true, work('u1')),
    turn(false, work('c')),
    turn(true, work('u2')),
  ]
  expect(await Promise.all(all)).toEqual(['a', 'b', 'u1', 'c', 'u2'])
  expect(order).toEqual(['a', 'u1', 'u2', 'b', 'c'])
  expect(most).toBe(1)
  // A holder that throws passes the turn on.
  await expect(turn(false, () => Promise.reject(new Error('x')))).rejects.toThrow('x')
  expect(await turn(true, work('after'))).toBe('after')
})

it("merges the full-text index's pending entries at GIN_PENDING_LIST_LIMIT, not Postgres's 4 MB", async () => {
  expect(GIN_PENDING_LIST_LIMIT).toBe('512kB')
  expect(await db.query('SHOW gin_pending_list_limit')).toEqual([{ gin_pending_list_limit: '512kB' }])
})
