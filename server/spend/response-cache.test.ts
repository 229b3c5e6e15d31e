import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createResponseCache } from './response-cache.ts'
import { createSpendStore, type SpendStore } from './storage.ts'

const stores: SpendStore[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.dispose()))
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const store = (cacheDir: string) => {
  const s = createSpendStore({ cacheDir, log: () => undefined })
  stores.push(s)
  return s
}
const fileDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'poix-cache-'))
  dirs.push(d)
  return d
}
const answer = (body: string) => ({ kind: 'answer' as const, body, contentType: 'application/json', bytes: body.length })

describe('the response cache', () => {
  it('answers from memory at once, before the stored copy has landed', async () => {
    const s = store(fileDir())
    const cache = createResponseCache(s, Date.now)
    void cache.set('cache:aa:1', answer('{"a":1}'), 60)
    expect((await cache.get('cache:aa:1'))?.kind).toBe('answer')
  })

  it('keeps a stored copy on files that a new process reads back, until it expires', async () => {
    const dir = fileDir()
    let t = 1_000_000
    const first = store(dir)
    await createResponseCache(first, () => t).set('cache:aa:1', answer('{"a":1}'), 60)
    await first.flush()
    await first.dispose()
    stores.splice(stores.indexOf(first), 1)
    const second = createResponseCache(store(dir), () => t)
    expect(await second.get('cache:aa:1')).toMatchObject({ kind: 'answer', body: '{"a":1}' })
    t += 61_000
    expect(await second.get('cache:aa:1')).toBeUndefined()
  })

  it('stays within its memory budget: the least recently used answers go first (memory mode: they are gone)', async () => {
    const cache = createResponseCache(store(':memory:'), Date.now, 100_000)
    const body = 'x'.repeat(20_000) // about 40 KB each as counted
    await cache.set('cache:aa:1', answer(body), 60)
    await cache.set('cache:aa:2', answer(body), 60)
    await cache.get('cache:aa:1') // used again: 2 is now the oldest
    await cache.set('cache:aa:3', answer(body), 60)
    expect(await cache.get('cache:aa:1')).toBeDefined()
    expect(await cache.get('cache:aa:2')).toBeUndefined()
    expect(await cache.get('cache:aa:3')).toBeDefined()
  })

  it('on files, an answer pushed out of memory is still read back from storage', async () => {
    const s = store(fileDir())
    const cache = createResponseCache(s, Date.now, 50_000)
    const body = 'y'.repeat(20_000)
    for (let i = 1; i <= 4; i++) await cache.set(`cache:aa:${i}`, answer(`${i}${body}`), 60)
    await s.flush()
    for (let i = 1; i <= 4; i++) expect(await cache.get(`cache:aa:${i}`)).toMatchObject({ kind: 'answer', body: `${i}${body}` })
  })
})
