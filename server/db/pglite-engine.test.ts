/** The embedded engine's lock: whoever waits for it lets the event loop run first (decision 0179). */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { MEMORY, openPglite } from './pglite-engine.ts'

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
