/**
 * A Postgres server on a data directory that outlives the bench run (the cached corpus, corpus-cache.ts): created by
 * initdb when new, started on a Unix socket inside it (no TCP port to collide with other runs), stopped cleanly.
 * As root, every command runs as the postgres user, which owns the folder (Postgres refuses root).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { postgresBinDir } from '#server/testing/postgres-cluster.ts'

const IS_ROOT = process.getuid?.() === 0
/** Only names the socket file (.s.PGSQL.5432) inside the data directory. */
const SOCKET_PORT = 5432

export type CachedPostgres = { url: string; stop(): void }

function asPostgres(command: string, args: string[]): [string, string[]] {
  return IS_ROOT ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
}

function run(command: string, args: string[], timeoutMs: number): void {
  const r = spawnSync(...asPostgres(command, args), { encoding: 'utf8', timeout: timeoutMs })
  if (r.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${r.status}): ${`${r.stdout}${r.stderr}`.slice(-800)}`,
    )
}

export function startPostgresAt(dataDir: string): CachedPostgres {
  const bin = postgresBinDir()
  if (!bin) throw new Error('No Postgres server binaries: install postgresql or set POSTGRES_BIN_DIR.')
  const pgCtl = join(bin, 'pg_ctl')
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true })
    if (IS_ROOT) spawnSync('chown', ['postgres:postgres', dataDir])
    run(
      join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
      120_000,
    )
  }
  // A run killed before it stopped its server left it running: stop it, then start ours.
  if (existsSync(join(dataDir, 'postmaster.pid')))
    spawnSync(...asPostgres(pgCtl, ['-D', dataDir, 'stop', '-m', 'fast', '-w']))
  const options = [
    `-p ${SOCKET_PORT}`,
    `-k ${dataDir}`,
    "-c listen_addresses=''",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ')
  run(
    pgCtl,
    ['-D', dataDir, '-o', options, '-l', join(dataDir, 'server.log'), '-w', '-t', '120', 'start'],
    150_000,
  )
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dataDir)}&port=${SOCKET_PORT}`,
    stop: () => run(pgCtl, ['-D', dataDir, 'stop', '-m', 'fast', '-w', '-t', '300'], 320_000),
  }
}
