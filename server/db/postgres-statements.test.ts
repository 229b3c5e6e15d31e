/** On a Postgres server each statement is prepared once per connection under a name, except those planned per run. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.ts'
import type { Database } from './database.ts'
import { openPostgres } from './postgres-engine.ts'

const describeServer = postgresBinDir() ? describe : describe.skip
describeServer('named statements on a Postgres server', () => {
  let cluster: PostgresCluster
  let url: string
  // One connection: what the statements prepared is seen from the session that prepared them.
  let db: Database
  beforeAll(async () => {
    cluster = await startPostgresCluster()
    url = await cluster.createDatabase()
    db = await openPostgres({ url, timeoutMs: 5000, poolSize: 1, log: () => {} })
    await db.exec(`CREATE TABLE t (name text PRIMARY KEY, n int);
      INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3)`)
  }, 60_000)
  afterAll(async () => {
    await db?.close()
    await cluster?.stop()
  })

  /** Each statement this session holds prepared, with how many times it ran. */
  const held = async () =>
    new Map(
      (
        await db.query<{ statement: string; runs: number }>(
          'SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements',
        )
      ).map((r) => [r.statement, r.runs]),
    )

  it('prepares a repeated statement once, then only binds and runs it', async () => {
    const sql = 'SELECT n FROM t WHERE name = $1'
    for (const name of ['a', 'b', 'a']) await db.query(sql, [name])
    expect(await db.query(sql, ['c'])).toEqual([{ n: 3 }])
    expect((await held()).get(sql)).toBe(4)
    expect([...(await held()).keys()].filter((s) => s === sql)).toHaveLength(1)
  })

  it('plans a text search or a pattern for each run: never prepared under a name', async () => {
    const search = "SELECT name FROM t WHERE to_tsvector('simple', name) @@ to_tsquery('simple', $1)"
    const like = 'SELECT name FROM t WHERE name LIKE $1'
    expect(await db.query(search, ['b'])).toEqual([{ name: 'b' }])
    expect(await db.query(search, ['c'])).toEqual([{ name: 'c' }])
    expect(await db.query(like, ['a%'])).toEqual([{ name: 'a' }])
    const statements = await held()
    expect(statements.has(search) || statements.has(like)).toBe(false)
  })

  it('a statement first parsed in a failed transaction runs afterwards, and so does one parsed before', async () => {
    const insert = 'INSERT INTO t (name, n) VALUES ($1, $2)'
    const count = 'SELECT count(*)::int AS n FROM t WHERE n > $1'
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['d', 4])
        await tx.query(insert, ['a', 9]).catch(() => undefined) // the transaction is now aborted
        await tx.query(count, [0]) // refused: its parse too
      }),
    ).rejects.toMatchObject({ name: 'StorageUnavailable' })
    expect(await db.query(count, [0])).toEqual([{ n: 3 }])
    await db.query(insert, ['d', 4])
    expect(await db.query(count, [0])).toEqual([{ n: 4 }])
  })

  it('a new connection, after the server ended the old one, prepares its statements again', async () => {
    const sql = 'SELECT n FROM t WHERE name = $1 AND n > $2'
    expect(await db.query(sql, ['a', 0])).toEqual([{ n: 1 }])
    const other = await openPostgres({ url, timeoutMs: 5000, poolSize: 1, log: () => {} })
    try {
      await other.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'poix-dashboard' AND pid <> pg_backend_pid()",
      )
    } finally {
      await other.close()
    }
    await new Promise((r) => setTimeout(r, 200)) // the pool hears its idle connection end
    await db.query('SELECT 1').catch(() => undefined) // a connection ended mid-use fails its statement at most once
    expect(await db.query(sql, ['a', 0])).toEqual([{ n: 1 }])
    expect((await held()).get(sql)).toBe(1)
  })

  it('a statement whose table changed shape is prepared afresh, in a transaction too', async () => {
    await db.exec('CREATE TABLE shape (a int); INSERT INTO shape VALUES (1)')
    const sql = 'SELECT * FROM shape WHERE a > $1'
    // In a transaction the connection outlives a refused statement (a refused pool.query drops its connection).
    const read = () => db.transaction((tx) => tx.query(sql, [0]))
    expect(await read()).toEqual([{ a: 1 }])
    await db.exec('ALTER TABLE shape ADD COLUMN b int DEFAULT 2')
    // Postgres refuses the old statement once ("cached plan must not change result type"); the next call prepares anew.
    await expect(read()).rejects.toThrow('cached plan must not change result type')
    expect(await read()).toEqual([{ a: 1, b: 2 }])
    expect(await db.query(sql, [0])).toEqual([{ a: 1, b: 2 }])
  })

  it('past its limit of names, a new text runs unnamed', async () => {
    const few = await openPostgres({ url, timeoutMs: 5000, poolSize: 1, log: () => {}, maxNamed: 2 })
    try {
      for (let i = 1; i <= 4; i++)
        expect(await few.query(`SELECT ${i} + $1::int AS v`, [0])).toEqual([{ v: i }])
      const names = await few.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')
      expect(names.map((r) => r.statement).filter((s) => s.endsWith('AS v'))).toHaveLength(2)
    } finally {
      await few.close()
    }
  })
})
