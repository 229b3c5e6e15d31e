/**
 * Reads the tables money depends on (ledger, budget, cache) through and through before anything is paid: every row
 * from the table's own file, then every row again through each of its indexes. A truncated file reads as fewer
 * rows (Postgres takes the file's length for the table's), so the two readings must agree; a damaged page makes
 * either reading fail. On a Postgres server with the amcheck extension installed, its checks run too.
 */
import { num, StorageUnavailable, type Database, type Queryable } from './database.ts'

/** The tables a payment reads or writes: a damaged one may lose records of money or charge twice. */
const MONEY_TABLES = ['ledger', 'budget', 'cache_entries'] as const
type MoneyTable = (typeof MONEY_TABLES)[number]

/** What the function knows of its money tables (/api/health): a degraded function pays nothing. */
export type StorageHealth =
  | { status: 'ok' }
  /** Not checked yet, or a storage error since: the next paid call checks first. */
  | { status: 'unchecked' }
  | { status: 'degraded'; table: string; reason: string; remedy: string; since: number }

export type MoneyTablesCheck = { ok: true } | { ok: false; table: MoneyTable; reason: string }

/** Each row read in full (detoasted), except the cache's bodies: their length is read, not the bytes. */
const ROW_DIGEST: Record<MoneyTable, string> = {
  ledger: 'hashtext(t::text)',
  budget: 'hashtext(t::text)',
  cache_entries: 'hashtext(t.key)::bigint + coalesce(octet_length(t.body), 0)',
}

/** Plain b-tree indexes of a table, as the column lists and predicate to scan them by. */
const INDEXES_OF = `
SELECT c.relname AS name,
       array_to_string(array(
         SELECT quote_ident(a.attname) FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord), ', ') AS columns,
       pg_get_expr(i.indpred, i.indrelid) AS predicate,
       0 = ALL (i.indkey::int2[]) OR i.indexprs IS NOT NULL AS expression
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am am ON am.oid = c.relam
WHERE i.indrelid = $1::regclass AND am.amname = 'btree'
ORDER BY c.relname`

type IndexRow = { name: string; columns: string; predicate: string | null; expression: boolean }

/** SQLSTATE classes of damage: XX (data or index corrupted, internal) and 58 (a file missing or unreadable). */
const DAMAGE_CODE = /^(XX|58)/
const DAMAGE_TEXT =
  /could not (read|open|access)|invalid page|corrupt|unexpected (zero page|data beyond EOF)|missing chunk|uncommitted xmin/i

/** An engine error that says the data are damaged, not that the engine is away (those stay StorageUnavailable). */
export function isDamage(e: unknown): boolean {
  for (let cause: unknown = e; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && DAMAGE_CODE.test(code)) return true
    if (typeof message === 'string' && DAMAGE_TEXT.test(message)) return true
    if (!(cause instanceof Error)) break
  }
  return false
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200)

/** Planner settings for the rest of the transaction, in one statement. */
const plans = (tx: Queryable, settings: Record<string, 'on' | 'off'>) =>
  tx.query(
    `SELECT ${Object.keys(settings)
      .map((_, i) => `set_config('enable_' || $${2 * i + 1}, $${2 * i + 2}, true)`)
      .join(', ')}`,
    Object.entries(settings).flat(),
  )

async function readThrough(tx: Queryable, table: MoneyTable): Promise<string | undefined> {
  const digest = ROW_DIGEST[table]
  // Plans forced: the table's own file first, then each index with the rows it points to.
  await plans(tx, { indexscan: 'off', indexonlyscan: 'off', bitmapscan: 'off' })
  const indexes = await tx.query<IndexRow>(INDEXES_OF, [table])
  const whole = await tx.query<{ n: unknown }>(`SELECT count(*) AS n, sum(${digest}) AS d FROM ${table} t`)
  const rows = num(whole[0]?.n)
  await plans(tx, { indexscan: 'on', seqscan: 'off', sort: 'off' })
  for (const index of indexes) {
    if (index.expression) continue
    const where = index.predicate ? ` WHERE ${index.predicate}` : ''
    const [viaIndex] = await tx.query<{ n: unknown }>(
      `SELECT count(*) AS n, sum(${digest}) AS d FROM (SELECT * FROM ${table}${where} ORDER BY ${index.columns}) t`,
    )
    const expected = index.predicate
      ? num((await tx.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}${where}`))[0]?.n)
      : rows
    if (num(viaIndex?.n) !== expected)
      return `its file holds ${expected} rows where its index ${index.name} lists ${num(viaIndex?.n)}: the file was cut short or the index is stale`
  }
  return undefined
}

/** amcheck's heap and b-tree checks, where a Postgres server has the extension installed (PGlite does not load it). */
async function amcheck(tx: Queryable, table: MoneyTable): Promise<string | undefined> {
  const [installed] = await tx.query(`SELECT 1 FROM pg_extension WHERE extname = 'amcheck'`)
  if (!installed) return undefined
  const [problem] = await tx.query<{ msg: string }>(`SELECT msg FROM verify_heapam($1::regclass) LIMIT 1`, [
    table,
  ])
  if (problem) return problem.msg
  await tx.query(
    `SELECT bt_index_check(i.indexrelid, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     JOIN pg_am am ON am.oid = c.relam WHERE i.indrelid = $1::regclass AND am.amname = 'btree'`,
    [table],
  )
  return undefined
}

/**
 * Checks every money table; the first damaged one is named. The engine being away (a time-out, a lost connection)
 * rejects with StorageUnavailable: that is not damage, and the check is owed again.
 */
export async function checkMoneyTables(db: Database): Promise<MoneyTablesCheck> {
  for (const table of MONEY_TABLES) {
    try {
      const reason = await db.transaction(async (tx) => {
        // One snapshot for every reading: on a server, rows other instances write meanwhile must not count as loss.
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
        return (await amcheck(tx, table)) ?? readThrough(tx, table)
      })
      if (reason) return { ok: false, table, reason }
    } catch (e) {
      if (isDamage(e)) return { ok: false, table, reason: firstLine(e) }
      throw e instanceof StorageUnavailable ? e : new StorageUnavailable(firstLine(e), { cause: e })
    }
  }
  return { ok: true }
}
