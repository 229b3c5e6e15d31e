import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStorage, type Storage } from 'unstorage'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { logFsDriver } from './log-fs-driver.ts'

let dir = ''
const opened: Storage[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'poix-log-'))
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.dispose()))
  rmSync(dir, { recursive: true, force: true })
})

function openStore(now?: () => number, compactAtBytes?: number): Storage {
  const storage = createStorage({ driver: logFsDriver({ base: dir, now, compactAtBytes }) })
  opened.push(storage)
  return storage
}
async function reopen(storage: Storage, now?: () => number): Promise<Storage> {
  await storage.dispose()
  opened.splice(opened.indexOf(storage), 1)
  return openStore(now)
}
const logFile = () => join(dir, 'store.log')

describe('the log-structured file store', () => {
  it('reads back what it wrote, small and large, also after a restart', async () => {
    let store = openStore()
    const large = { body: 'é'.repeat(20_000), n: 1 }
    await store.setItem('spent-micro', 42)
    await store.setItem('cache:ab:cdef', large)
    await store.setItem('ledger:2026-11-22:1', { id: '2026-11-22/1', cost: 0.0003 })
    expect(await store.getItem('spent-micro')).toBe(42)
    expect(await store.getItem('cache:ab:cdef')).toEqual(large)
    store = await reopen(store)
    expect(await store.getItem('spent-micro')).toBe(42)
    expect(await store.getItem('cache:ab:cdef')).toEqual(large)
    expect(await store.getItem('ledger:2026-11-22:1')).toEqual({ id: '2026-11-22/1', cost: 0.0003 })
    expect((await store.getKeys('ledger')).sort()).toEqual(['ledger:2026-11-22:1'])
  })

  it('keeps the last of many writes to one key, in order, also when they land in one batch', async () => {
    let store = openStore()
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.setItem('ledger-seq:2026-11-22', i + 1)))
    expect(await store.getItem('ledger-seq:2026-11-22')).toBe(200)
    store = await reopen(store)
    expect(await store.getItem('ledger-seq:2026-11-22')).toBe(200)
  })

  it('forgets removed keys, also after a restart', async () => {
    let store = openStore()
    await store.setItem('cache:aa:1', { v: 1 })
    await store.setItem('cache:aa:2', { v: 2 })
    await store.removeItem('cache:aa:1')
    expect(await store.hasItem('cache:aa:1')).toBe(false)
    store = await reopen(store)
    expect(await store.getItem('cache:aa:1')).toBeNull()
    expect(await store.getItem('cache:aa:2')).toEqual({ v: 2 })
  })

  it('expires values written with a ttl, and leaves them out after a restart', async () => {
    let t = 1_000_000
    let store = openStore(() => t)
    await store.setItem('cache:aa:short', { v: 1 }, { ttl: 10 })
    await store.setItem('cache:aa:long', { v: 2 }, { ttl: 1000 })
    t += 11_000
    expect(await store.getItem('cache:aa:short')).toBeNull()
    expect(await store.getItem('cache:aa:long')).toEqual({ v: 2 })
    store = await reopen(store, () => t)
    expect(await store.getKeys('cache')).toEqual(['cache:aa:long'])
  })

  it('cuts off a record that a crash left half written, and goes on from there', async () => {
    let store = openStore()
    await store.setItem('spent-micro', 7)
    await store.setItem('ledger:2026-11-22:1', { id: 1 })
    await store.dispose()
    opened.splice(0)
    const whole = statSync(logFile()).size
    appendFileSync(logFile(), '{"k":"ledger:2026-11-22:2","n":400}\n{"id":2,"cut')
    store = openStore()
    expect(await store.getItem('ledger:2026-11-22:2')).toBeNull()
    expect(await store.getItem('spent-micro')).toBe(7)
    expect(statSync(logFile()).size).toBe(whole)
    await store.setItem('ledger:2026-11-22:2', { id: 2 })
    store = await reopen(store)
    expect(await store.getItem('ledger:2026-11-22:2')).toEqual({ id: 2 })
    expect(await store.getItem('ledger:2026-11-22:1')).toEqual({ id: 1 })
  })

  it('rewrites a log that is mostly dead records when it opens', async () => {
    let store = openStore()
    const body = 'x'.repeat(50_000)
    for (let i = 0; i < 60; i++) await store.setItem('cache:aa:same', { body, i })
    await store.setItem('spent-micro', 99)
    const before = statSync(logFile()).size
    expect(before).toBeGreaterThan(2 * 1024 * 1024)
    store = await reopen(store)
    expect(await store.getItem('cache:aa:same')).toEqual({ body, i: 59 })
    expect(await store.getItem('spent-micro')).toBe(99)
    expect(statSync(logFile()).size).toBeLessThan(60_000)
    await store.setItem('spent-micro', 100) // appends still land after the rewrite
    store = await reopen(store)
    expect(await store.getItem('spent-micro')).toBe(100)
    expect(await store.getItem('cache:aa:same')).toEqual({ body, i: 59 })
  })

  it('rewrites a growing log while it runs, and every value written before, during and after stays readable', async () => {
    let store = openStore(undefined, 200_000)
    const body = (i: number) => `${i}:${'y'.repeat(30_000)}`
    for (let round = 0; round < 4; round++) {
      // Many writes in one tick: some are queued while the rewrite runs.
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.setItem(`cache:bb:${i}`, { body: body(round * 100 + i) })))
      await store.setItem('spent-micro', round)
    }
    expect(statSync(logFile()).size).toBeLessThan(4 * 10 * 30_000) // rewritten at least once
    for (let i = 0; i < 10; i++) expect(await store.getItem(`cache:bb:${i}`)).toEqual({ body: body(300 + i) })
    store = await reopen(store)
    for (let i = 0; i < 10; i++) expect(await store.getItem(`cache:bb:${i}`)).toEqual({ body: body(300 + i) })
    expect(await store.getItem('spent-micro')).toBe(3)
  })

  it('imports the one-file-per-key layout of earlier versions once, keeping budget, ledger and cache', async () => {
    mkdirSync(join(dir, 'ledger', '2026-11-21'), { recursive: true })
    mkdirSync(join(dir, 'cache', 'ab'), { recursive: true })
    mkdirSync(join(dir, 'ledger-seq'), { recursive: true })
    writeFileSync(join(dir, 'spent-micro'), '2560')
    writeFileSync(join(dir, 'ledger-days'), '["2026-11-21"]')
    writeFileSync(join(dir, 'ledger-seq', '2026-11-21'), '1')
    writeFileSync(join(dir, 'ledger', '2026-11-21', '1'), '{"id":"2026-11-21/1"}')
    writeFileSync(join(dir, 'ledger', '2026-11-21', '2.123.4.tmp'), '{"half')
    writeFileSync(join(dir, 'cache', 'ab', 'cd'), JSON.stringify({ kind: 'answer', body: '{}', expiresAt: Date.now() + 60_000 }))
    mkdirSync(join(dir, 'dist-e2e'), { recursive: true }) // not the store's: left alone
    writeFileSync(join(dir, 'dist-e2e', 'index.html'), '<html>')

    const store = openStore()
    expect(await store.getItem('spent-micro')).toBe(2560)
    expect(await store.getItem('ledger-days')).toEqual(['2026-11-21'])
    expect(await store.getItem('ledger-seq:2026-11-21')).toBe(1)
    expect(await store.getItem('ledger:2026-11-21:1')).toEqual({ id: '2026-11-21/1' })
    expect((await store.getItem<{ kind: string }>('cache:ab:cd'))?.kind).toBe('answer')
    expect(await store.getKeys('ledger:')).toEqual(['ledger:2026-11-21:1'])
    expect(existsSync(join(dir, 'ledger'))).toBe(false)
    expect(readFileSync(join(dir, 'dist-e2e', 'index.html'), 'utf8')).toBe('<html>')
  })
})
