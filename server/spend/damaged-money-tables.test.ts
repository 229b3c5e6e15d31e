/**
 * Money tables damaged on disk: the function starts, says `degraded` with the table and the remedy, answers every
 * paid call 503 storage_damaged without calling the service, and still serves what it has cached. One database is
 * created per file and copied for each fault.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  truncateSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, spendHarness } from '../testing/spend-harness.ts'

const search = (n: number) => `/api/search?location=48.8566,2.3522&locationRadius=${n}km&type=video`

type Files = Record<'ledger' | 'ledger_pkey' | 'budget' | 'cache_entries', string>

let original = ''
let files: Files
const folders: string[] = []
const harnesses: { dispose(): Promise<void> }[] = []

beforeAll(async () => {
  original = mkdtempSync(join(tmpdir(), 'poix-damage-'))
  folders.push(original)
  const h = spendHarness({ env: { DATA_DIR: original, BUDGET_USD: '1' } })
  for (const n of [5, 10, 15]) expect((await h.request(search(n))).status).toBe(200)
  await h.flush()
  const [row] = await h.db.query<Files>(
    `SELECT pg_relation_filepath('ledger') AS ledger, pg_relation_filepath('ledger_pkey') AS ledger_pkey,
            pg_relation_filepath('budget') AS budget, pg_relation_filepath('cache_entries') AS cache_entries`,
  )
  files = row!
  await h.dispose()
}, 120_000)

afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.dispose()))
})
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true })
})

/** A copy of the database with one fault applied to its files, and the function started on it. */
function startOn(fault: (file: (name: keyof Files) => string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'poix-damaged-'))
  folders.push(dir)
  cpSync(join(original, 'pglite'), join(dir, 'pglite'), { recursive: true })
  fault((name) => join(dir, 'pglite', files[name]))
  const h = spendHarness({ env: { DATA_DIR: dir, BUDGET_USD: '1', BACKUP_KEEP: '3' } })
  harnesses.push(h)
  return h
}

const garble = (path: string) => {
  const fd = openSync(path, 'r+')
  writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, 0) // the first page's header
  closeSync(fd)
}

async function healthOf(h: ReturnType<typeof spendHarness>) {
  await h.ready
  return (await (await h.request('/api/health')).json()) as {
    status: string
    storage: { status: string; table?: string; reason?: string; remedy?: string }
  }
}

describe('money tables damaged on disk', () => {
  it('an intact copy starts healthy and pays as usual (the copying itself damages nothing)', async () => {
    const h = startOn(() => undefined)
    expect(await healthOf(h)).toMatchObject({ status: 'ok', storage: { status: 'ok' } })
    expect((await h.request(search(20))).status).toBe(200)
    expect(h.seen).toHaveLength(1)
  })

  it.each([
    ['the ledger file emptied', 'ledger', (f: (n: keyof Files) => string) => truncateSync(f('ledger'), 0)],
    ['the ledger page garbled', 'ledger', (f: (n: keyof Files) => string) => garble(f('ledger'))],
    [
      "the ledger's index emptied",
      'ledger',
      (f: (n: keyof Files) => string) => truncateSync(f('ledger_pkey'), 0),
    ],
    ['the budget file emptied', 'budget', (f: (n: keyof Files) => string) => truncateSync(f('budget'), 0)],
    [
      'the cache page garbled',
      'cache_entries',
      (f: (n: keyof Files) => string) => garble(f('cache_entries')),
    ],
  ])(
    '%s: degraded, naming %s; paid calls refused 503 storage_damaged; nothing sent',
    async (_, table, fault) => {
      const h = startOn(fault)
      const health = await healthOf(h)
      expect(health.status).toBe('degraded')
      expect(health.storage).toMatchObject({ status: 'degraded', table })
      expect(health.storage.remedy).toContain('npm run restore --')
      const res = await h.request(search(20))
      expect(res.status).toBe(503)
      const error = await errorOf(res)
      expect(error.code).toBe('storage_damaged')
      expect(error.message).toContain(`${table} table is damaged`)
      expect(error.message).toContain('nothing was paid')
      expect(error.message).toContain('npm run restore --')
      expect(h.seen).toHaveLength(0)
      expect(h.logs.join('\n')).toContain(`paid calls are off: the ${table} table is damaged`)
      // No backup of damaged data, which would push the good ones out.
      expect(existsSync(join(h.config.dataDir, 'backups'))).toBe(false)
    },
  )

  it('with the ledger damaged, an answer bought before is still served from the cache, free', async () => {
    const h = startOn((f) => truncateSync(f('ledger'), 0))
    const cached = await h.request(search(10))
    expect(cached.status).toBe(200)
    expect(cached.headers.get('X-Cache')).toBe('HIT')
    expect((await h.request(search(25))).status).toBe(503)
    expect(h.seen).toHaveLength(0)
  })
})
