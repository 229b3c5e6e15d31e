/**
 * `npm run restore -- <file>` (server/db/restore.ts, docs/backups.md): a damaged database is replaced by its last
 * backup with every ledger row, the damaged folder kept; a held folder and a file that is not a backup are refused.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dataDirWithDatabase, removeTempFolders, tempFolder } from '../testing/pglite-folders.ts'
import { backupNow, listBackups, writeBackup } from './backups.ts'
import { MEMORY, openPglite } from './pglite-engine.ts'
import { restoreBackup } from './restore.ts'

/** Opening, dumping and writing out databases takes seconds, more on a busy machine. */
const SLOW = { timeout: 120_000 }
const AT = Date.parse('2026-11-28T05:59:00Z')

/** A backup of the migrated, empty database, and one of a database that is not the dashboard's. */
let emptyBackup: string
let foreignBackup: string
beforeAll(async () => {
  const db = await openPglite({ dataDir: MEMORY, timeoutMs: 60_000, template: process.env.PGLITE_TEMPLATE })
  try {
    emptyBackup = (await writeBackup({ db, dataDir: tempFolder('empty'), keep: 1, now: () => AT })).file
    await db.exec('DROP TABLE ledger CASCADE')
    foreignBackup = (await writeBackup({ db, dataDir: tempFolder('foreign'), keep: 1, now: () => AT })).file
  } finally {
    await db.close()
  }
}, 120_000)
afterAll(removeTempFolders)

const replacedFolders = (dataDir: string) =>
  readdirSync(dataDir).filter((n) => n.startsWith('pglite.replaced-'))

it(
  'restores the last backup over a damaged database: every ledger row back, the damaged folder kept',
  SLOW,
  async () => {
    const dataDir = await dataDirWithDatabase('damaged')
    const db = await openPglite({ dataDir, timeoutMs: 60_000 })
    await db.exec(`
    INSERT INTO ledger (source, cache_key, operation, path, params, price_micro, cost_micro, status, in_flight, lease_until, instance, day, started_at, settled_at)
    SELECT 'live:https://api.poix.io', 'k' || i, 'GET /search', '/search', jsonb_build_object('q', 'q' || i), 2030, 2030,
           CASE WHEN i % 7 = 0 THEN 'pending' ELSE 'charged' END, false, 0, 'i', '2026-11-28', 1000 + i, 2000 + i
    FROM generate_series(1, 120) AS i;
    INSERT INTO budget (source, spent_micro) VALUES ('live:https://api.poix.io', 243600), ('demo', 5000);
  `)
    const rows = await db.query('SELECT * FROM ledger ORDER BY id')
    expect(rows).toHaveLength(120)
    const [{ path } = { path: '' }] = await db.query<{ path: string }>(
      "SELECT pg_relation_filepath('ledger') AS path",
    )
    await writeBackup({ db, dataDir, keep: 7, now: () => AT })
    await db.close()

    // The ledger's file cut to nothing: the database opens and has lost every row.
    const ledgerFile = join(dataDir, 'pglite', path)
    writeFileSync(ledgerFile, '')
    const damaged = new PGlite(join(dataDir, 'pglite'))
    expect((await damaged.query('SELECT count(*)::int AS n FROM ledger')).rows).toEqual([{ n: 0 }])
    await damaged.close()

    const [last] = listBackups(dataDir).slice(-1)
    const restored = await restoreBackup({ dataDir, file: last!, now: () => AT + 60_000 })
    expect(restored).toMatchObject({
      file: last,
      ledgerRows: 120,
      spent: [
        { source: 'demo', micro: 5000 },
        { source: 'live:https://api.poix.io', micro: 243600 },
      ],
      replaced: join(dataDir, 'pglite.replaced-2026-11-28T06-00-00Z'),
    })
    const reopened = await openPglite({ dataDir, timeoutMs: 60_000 })
    try {
      const back = await reopened.query('SELECT * FROM ledger ORDER BY id')
      expect(back).toHaveLength(rows.length)
      rows.forEach((row, i) => expect(back[i]).toEqual(row))
    } finally {
      await reopened.close()
    }
    // The damaged database stays as it was, beside it; the restore's claim on DATA_DIR is gone.
    expect(statSync(join(restored.replaced!, path)).size).toBe(0)
    expect(existsSync(join(restored.replaced!, 'PG_VERSION'))).toBe(true)
    expect(replacedFolders(dataDir)).toEqual([basename(restored.replaced!)])
    expect(existsSync(join(dataDir, 'pglite.pid'))).toBe(false)
  },
)

it(
  'refuses while a live process holds DATA_DIR, naming its PID; restores once it has stopped',
  SLOW,
  async () => {
    const dataDir = tempFolder('held')
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    const exited = new Promise((r) => holder.once('exit', r))
    try {
      writeFileSync(join(dataDir, 'pglite.pid'), String(holder.pid))
      const refusal = `The dashboard (PID ${holder.pid}) has the database in ${dataDir}/ open: stop it first, then run the restore again.`
      await expect(restoreBackup({ dataDir, file: emptyBackup })).rejects.toThrow(refusal)
      expect(readdirSync(dataDir)).toEqual(['pglite.pid'])
    } finally {
      holder.kill()
      await exited
    }
    // Its PID file left behind names a process that is gone: no longer a reason to refuse.
    const restored = await restoreBackup({ dataDir, file: emptyBackup })
    expect(restored).toMatchObject({ ledgerRows: 0, spent: [], replaced: undefined })
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
  },
)

it('backup refuses while the dashboard holds DATA_DIR, naming its PID', SLOW, async () => {
  const dataDir = await dataDirWithDatabase('held-for-backup')
  const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  const exited = new Promise((r) => holder.once('exit', r))
  try {
    writeFileSync(join(dataDir, 'pglite.pid'), String(holder.pid))
    await expect(backupNow({ dataDir, keep: 7, timeoutMs: 60_000 })).rejects.toThrow(
      `The dashboard (PID ${holder.pid}) has the database in ${dataDir}/ open`,
    )
    expect(listBackups(dataDir)).toEqual([])
  } finally {
    holder.kill()
    await exited
  }
})

it('refuses a file that is not a backup, in one line, and leaves DATA_DIR as it was', SLOW, async () => {
  const dataDir = tempFolder('refusals')
  const files = tempFolder('not-backups')
  const write = (name: string, bytes: string | Uint8Array) => {
    writeFileSync(join(files, name), bytes)
    return join(files, name)
  }
  const whole = readFileSync(emptyBackup)
  const cases: [string, RegExp][] = [
    [join(files, 'missing.tar.gz'), /^No such backup file: .*missing\.tar\.gz\.$/],
    [files, /is a folder, not a backup file/],
    [
      write('notes.txt', 'not an archive\n'),
      /notes\.txt is not a backup of the dashboard's database: it is not a tar or tar\.gz archive\.$/,
    ],
    [
      write('cut.tar.gz', whole.subarray(0, whole.length >> 1)),
      /cut\.tar\.gz is not a backup .*: its compressed data is cut short or damaged/,
    ],
    [write('cut.tar', gzipSync(gunzipHead(whole))), /cut\.tar is not a backup .*: it is cut short\.$/],
    [
      write('other.tar.gz', gzipSync(tarOf('README', 'another folder'))),
      /other\.tar\.gz is not a backup .*: it holds no PG_VERSION file\.$/,
    ],
    [
      foreignBackup,
      new RegExp(
        `${basename(foreignBackup).replaceAll('.', '\\.')} is not a backup .*: it has no ledger or budget table\\.$`,
      ),
    ],
  ]
  for (const [file, message] of cases) {
    const refused = await restoreBackup({ dataDir, file }).then(
      () => undefined,
      (e: unknown) => (e as Error).message,
    )
    expect(refused, file).toMatch(message)
    expect(refused, file).not.toContain('\n')
  }
  expect(readdirSync(dataDir)).toEqual([])
})

it('on a Postgres server (DATABASE_URL), both commands point to pg_dump and pg_restore', SLOW, () => {
  for (const script of ['scripts/backup.ts', 'scripts/restore.ts']) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, 'any.tar.gz'], {
      env: { ...process.env, DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status, script).toBe(1)
    expect(run.stderr, script).toMatch(/pg_dump -Fc.*pg_restore --clean.*docs\/backups\.md/)
  }
})

/** The first half of a backup's tar, whole blocks. */
function gunzipHead(gz: Uint8Array): Uint8Array {
  const tar = gunzipSync(gz)
  return tar.subarray(0, Math.floor(tar.length / 2 / 512) * 512)
}

/** A one-file tar archive (ustar), as any tar tool writes it. */
function tarOf(name: string, content: string): Uint8Array {
  const header = Buffer.alloc(512)
  header.write(name, 0)
  header.write('0000644\0', 100)
  header.write('0000000\0', 108)
  header.write('0000000\0', 116)
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124)
  header.write('00000000000\0', 136)
  header.write('0', 156)
  header.write('ustar\0', 257)
  header.write('00', 263)
  header.fill(' ', 148, 156)
  const sum = header.reduce((s, b) => s + b, 0)
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  const body = Buffer.alloc(512)
  body.write(content)
  return Buffer.concat([header, body, Buffer.alloc(1024)])
}
