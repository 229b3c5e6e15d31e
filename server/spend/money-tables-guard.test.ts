import { describe, expect, it } from 'vitest'
import { StorageUnavailable, type Database } from '../db/database.ts'
import { checkMoneyTables, isDamage, type MoneyTablesCheck } from '../db/money-tables-check.ts'
import { ApiFailure } from '../errors.ts'
import { openEngineDatabase } from '../testing/open-engine-database.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { createMoneyTablesGuard } from './money-tables-guard.ts'

const db = {} as Database

/** A guard over scripted check results: each check takes the next one (an Error is thrown). */
function scripted(...results: (MoneyTablesCheck | Error)[]) {
  let checks = 0
  const guard = createMoneyTablesGuard({
    db,
    dataDir: '/srv/poix',
    log: () => undefined,
    checkTables: async () => {
      const next = results[checks++]!
      if (next instanceof Error) throw next
      return next
    },
  })
  return { guard, checks: () => checks }
}

async function refusal(p: Promise<unknown>): Promise<ApiFailure> {
  const e = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(e).toBeInstanceOf(ApiFailure)
  return e as ApiFailure
}

describe('money tables guard', () => {
  it('checks before the first payment, then not again while nothing fails', async () => {
    const { guard, checks } = scripted({ ok: true })
    expect(guard.health()).toEqual({ status: 'unchecked' })
    await guard.beforePaying()
    await guard.beforePaying()
    expect(checks()).toBe(1)
    expect(guard.health()).toEqual({ status: 'ok' })
  })

  it('after a storage error, the next payment checks again and is refused when the tables are damaged', async () => {
    const { guard, checks } = scripted({ ok: true }, { ok: false, table: 'ledger', reason: 'invalid page' })
    await guard.beforePaying()
    guard.noteStorageError()
    const e = await refusal(guard.beforePaying())
    expect(checks()).toBe(2)
    expect([e.status, e.code, e.charged]).toEqual([503, 'storage_damaged', false])
    expect(e.message).toBe(
      "The dashboard's ledger table is damaged (invalid page), so no paid call is made: nothing was paid. Stop the dashboard and restore the last backup with `npm run restore -- /srv/poix/backups/<newest file>` (docs/backups.md), or move /srv/poix/pglite aside to start afresh; then start it again. Cached answers are still served.",
    )
    expect(guard.health()).toMatchObject({ status: 'degraded', table: 'ledger', reason: 'invalid page' })
  })

  it('damage found stays until a restart: no further check can lift it', async () => {
    const { guard, checks } = scripted({ ok: false, table: 'budget', reason: 'x' }, { ok: true })
    await refusal(guard.beforePaying())
    guard.noteStorageError()
    await guard.check()
    expect((await refusal(guard.beforePaying())).code).toBe('storage_damaged')
    expect(checks()).toBe(2)
  })

  it('an engine away during the check is 503 storage_unavailable, and the check is owed again', async () => {
    const { guard, checks } = scripted(new StorageUnavailable('connection refused'), { ok: true })
    expect((await refusal(guard.beforePaying())).code).toBe('storage_unavailable')
    expect(guard.health()).toEqual({ status: 'unchecked' })
    await guard.beforePaying()
    expect(checks()).toBe(2)
  })

  it('concurrent payments share one check', async () => {
    const { guard, checks } = scripted({ ok: true })
    await Promise.all([guard.beforePaying(), guard.beforePaying(), guard.beforePaying()])
    expect(checks()).toBe(1)
  })

  it('on a Postgres server the remedy is pg_restore', async () => {
    const guard = createMoneyTablesGuard({
      db,
      dataDir: undefined,
      log: () => undefined,
      checkTables: async () => ({ ok: false, table: 'ledger', reason: 'x' }),
    })
    expect((await refusal(guard.beforePaying())).message).toContain('pg_restore')
  })
})

describe('isDamage', () => {
  it('reads the SQLSTATE class or the engine message through the causes', () => {
    const corrupted = Object.assign(new Error('invalid page in block 1'), { code: 'XX001' })
    expect(isDamage(new StorageUnavailable('wrapped', { cause: corrupted }))).toBe(true)
    expect(isDamage(new Error('could not read blocks 0..0 in file "base/5/1"'))).toBe(true)
    expect(isDamage(Object.assign(new Error('x'), { code: '58P01' }))).toBe(true)
    expect(isDamage(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))).toBe(false)
    expect(isDamage(new StorageUnavailable('the database did not answer a query within 10 ms'))).toBe(false)
  })
})

describeOnEngines('money tables check', (engine) => {
  it('finds intact tables readable, with amcheck where the server has it', async () => {
    const on = await openEngineDatabase(engine)
    await on.query(
      `INSERT INTO budget (source, spent_micro) VALUES ('live:x', 5) ON CONFLICT (source) DO NOTHING`,
    )
    if (engine.kind === 'postgres') await on.exec('CREATE EXTENSION IF NOT EXISTS amcheck')
    expect(await checkMoneyTables(on)).toEqual({ ok: true })
  })

  it('a ledger whose file reads fewer rows than its index lists is damaged (a file cut short)', async () => {
    const on = await openEngineDatabase(engine)
    await on.query(
      `INSERT INTO ledger (source, cache_key, operation, path, params, price_micro, in_flight, lease_until, instance, day, started_at)
       VALUES ('live:x', 'k', 'search', '/search', '{}', 1, false, 0, 'i', '2026-11-28', 0)`,
    )
    // The file's reading made to miss the row, as a truncated file does (Postgres takes the file's length as the table's).
    const cutShort: Database = {
      ...on,
      transaction: (fn, o) =>
        on.transaction(
          (tx) =>
            fn({
              query: (sql, params) =>
                tx.query(sql.replace(/FROM ledger t$/, 'FROM ledger t WHERE t.id < 0'), params),
            }),
          o,
        ),
    }
    const check = await checkMoneyTables(cutShort)
    expect(check).toMatchObject({ ok: false, table: 'ledger' })
    expect(!check.ok && check.reason).toMatch(/its file holds 0 rows where its index ledger\w* lists 1/)
  })

  it('rows another instance writes between the two readings are not taken for loss (one snapshot)', async () => {
    if (engine.kind !== 'postgres') return // one connection: nothing can write between the readings
    const on = await openEngineDatabase(engine)
    const insert = (key: string) =>
      on.query(
        `INSERT INTO ledger (source, cache_key, operation, path, params, price_micro, in_flight, lease_until, instance, day, started_at)
         VALUES ('live:x', $1, 'search', '/search', '{}', 1, false, 0, 'i', '2026-11-28', 0)`,
        [key],
      )
    await insert('before')
    let written = 0
    // Another connection commits a row just before each reading through an index.
    const meanwhile: Database = {
      ...on,
      transaction: (fn, o) =>
        on.transaction(
          (tx) =>
            fn({
              query: async (sql, params) => {
                if (/ORDER BY/.test(sql) && sql.includes('FROM ledger'))
                  await insert(`meanwhile-${written++}`)
                return tx.query(sql, params)
              },
            }),
          o,
        ),
    }
    expect(await checkMoneyTables(meanwhile)).toEqual({ ok: true })
    expect(written).toBeGreaterThan(0)
  })
})
