/** A Postgres server at DATABASE_URL that cannot be used at start is named in one line: where, why, what to do. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster.ts'
import { openPostgres } from './postgres-engine.ts'
import { postgresOpenFailure } from './postgres-open-failure.ts'

const URL_ = 'postgres://dash:s3cret@db.internal:5432/ledger'
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })

it.each([
  [
    pgError('28P01', 'password authentication failed for user "dash"'),
    'DATABASE_URL (Postgres at db.internal:5432/ledger) refused the sign-in: password authentication failed for user "dash" (28P01): correct the user name and password in DATABASE_URL.',
  ],
  [
    pgError('3D000', 'database "ledger" does not exist'),
    'DATABASE_URL (Postgres at db.internal:5432/ledger): the database "ledger" does not exist (3D000): create it (createdb ledger) or correct its name in DATABASE_URL.',
  ],
  [
    pgError('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'),
    'DATABASE_URL (Postgres at db.internal:5432/ledger): its host was not found (ENOTFOUND): correct the host in DATABASE_URL.',
  ],
  [
    new Error('timeout expired'),
    'DATABASE_URL (Postgres at db.internal:5432/ledger) did not answer within 5000 ms: check that the server is up and reachable from here, or raise DB_TIMEOUT_MS.',
  ],
  [
    pgError('53300', 'sorry, too many clients already'),
    'DATABASE_URL (Postgres at db.internal:5432/ledger) could not be used: sorry, too many clients already (53300): check the server and DATABASE_URL.',
  ],
])('%s', (error, line) => {
  expect(postgresOpenFailure(URL_, error, 5000)).toBe(line)
  expect(line).not.toContain('s3cret')
})

const describeServer = postgresBinDir() ? describe : describe.skip
describeServer('on a real server', () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 60_000)
  afterAll(() => cluster?.stop())

  it('a database that does not exist is named at start', async () => {
    const url = `postgres://postgres@127.0.0.1:${cluster.port}/no_such_ledger`
    await expect(openPostgres({ url, timeoutMs: 5000, poolSize: 2, log: () => {} })).rejects.toThrow(
      `DATABASE_URL (Postgres at 127.0.0.1:${cluster.port}/no_such_ledger): the database "no_such_ledger" does not exist (3D000): create it (createdb no_such_ledger) or correct its name in DATABASE_URL.`,
    )
  })

  it('a stopped server refuses the connection, and says so', async () => {
    const url = `postgres://postgres@127.0.0.1:${cluster.port}/postgres`
    const db = await openPostgres({ url, timeoutMs: 5000, poolSize: 2, log: () => {} })
    await db.close()
    await cluster.stop()
    await expect(openPostgres({ url, timeoutMs: 5000, poolSize: 2, log: () => {} })).rejects.toThrow(
      `DATABASE_URL (Postgres at 127.0.0.1:${cluster.port}/postgres) refused the connection (ECONNREFUSED): start that Postgres server, or correct the host and port in DATABASE_URL.`,
    )
  })
})
