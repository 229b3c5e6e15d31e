import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { preparedStatements } from './pglite-statements.ts'

let pg: PGlite
beforeAll(async () => {
  const template = process.env.PGLITE_TEMPLATE
  pg = new PGlite(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {})
  await pg.waitReady
  await pg.exec(`CREATE TABLE t (id bigserial PRIMARY KEY, name text UNIQUE, n int, at timestamptz, doc jsonb,
    body bytea, tags text[], x float8)`)
})
afterAll(async () => {
  await pg.close()
})

const statementsHeld = async () =>
  (await pg.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
    (r) => r.statement,
  )

it('answers what PGlite’s own query answers, types parsed the same', async () => {
  const run = preparedStatements(pg)
  const params = [
    'a',
    7,
    new Date('2026-01-02T03:04:05.678Z'),
    { k: [1, 'two'] },
    new Uint8Array([0, 1, 254, 255]),
    ['x', 'y "z"'],
    0.1,
  ]
  const insert =
    'INSERT INTO t (name, n, at, doc, body, tags, x) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *'
  const [mine] = await pg.runExclusive(() => run<Record<string, unknown>>(insert, params))
  const theirs = (await pg.query<Record<string, unknown>>('SELECT * FROM t WHERE id = $1', [mine!.id]))
    .rows[0]
  expect(mine).toEqual(theirs)
  expect(mine).toMatchObject({ name: 'a', n: 7, doc: { k: [1, 'two'] }, tags: ['x', 'y "z"'], x: 0.1 })
  expect((mine!.at as Date).toISOString()).toBe('2026-01-02T03:04:05.678Z')
  expect([...(mine!.body as Uint8Array)]).toEqual([0, 1, 254, 255])
  const nulls = await pg.runExclusive(() => run(insert, ['b', null, undefined, null, null, null, null]))
  expect(nulls[0]).toMatchObject({ name: 'b', n: null, at: null, doc: null, body: null, tags: null })
})

it('parses and plans a statement once, then only binds and runs it', async () => {
  const run = preparedStatements(pg)
  const sql = 'SELECT n FROM t WHERE name = $1'
  for (const name of ['a', 'b', 'a']) await pg.runExclusive(() => run(sql, [name]))
  expect((await statementsHeld()).filter((s) => s === sql)).toHaveLength(1)
  expect(await pg.runExclusive(() => run(sql, ['a']))).toEqual([{ n: 7 }])
})

it('a refused statement throws the database’s error and leaves the statements usable', async () => {
  const run = preparedStatements(pg)
  const insert = 'INSERT INTO t (name) VALUES ($1)'
  await expect(pg.runExclusive(() => run(insert, ['a']))).rejects.toMatchObject({ code: '23505' })
  await expect(pg.runExclusive(() => run('SELECT nonsense FROM t', []))).rejects.toMatchObject({
    code: '42703',
  })
  await pg.runExclusive(() => run(insert, ['c']))
  expect((await pg.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 3 }])
})

it('a statement whose table changed shape is prepared afresh', async () => {
  const run = preparedStatements(pg)
  await pg.exec('CREATE TABLE shape (a int)')
  await pg.query('INSERT INTO shape VALUES (1)')
  const sql = 'SELECT * FROM shape'
  expect(await pg.runExclusive(() => run(sql, []))).toEqual([{ a: 1 }])
  await pg.exec('ALTER TABLE shape ADD COLUMN b int DEFAULT 2')
  // Postgres may refuse the old plan once ("cached plan must not change result type"); the next call prepares anew.
  const again = await pg.runExclusive(() => run(sql, [])).catch(() => pg.runExclusive(() => run(sql, [])))
  expect(again).toEqual([{ a: 1, b: 2 }])
})

it('keeps at most its limit of statements, closing the oldest', async () => {
  const run = preparedStatements(pg, { maxPrepared: 3 })
  const before = (await statementsHeld()).length
  for (let i = 1; i <= 6; i++)
    expect(await pg.runExclusive(() => run(`SELECT ${i} AS v`, []))).toEqual([{ v: i }])
  const held = await statementsHeld()
  expect(held.length - before).toBe(3)
  expect(held.filter((s) => s.endsWith(' AS v')).sort()).toEqual([
    'SELECT 4 AS v',
    'SELECT 5 AS v',
    'SELECT 6 AS v',
  ])
})

it('plans a text search for each run, so a rare and a common word each get their own plan', async () => {
  const run = preparedStatements(pg)
  const sql = "SELECT name FROM t WHERE to_tsvector('simple', name) @@ to_tsquery('simple', $1) ORDER BY name"
  expect(await pg.runExclusive(() => run(sql, ['a']))).toEqual([{ name: 'a' }])
  expect(await pg.runExclusive(() => run(sql, ['c']))).toEqual([{ name: 'c' }])
  expect(await statementsHeld()).not.toContain(sql)
})
