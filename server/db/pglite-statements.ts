/**
 * Prepared statements on PGlite, one call into its WebAssembly per execution. PGlite's own `query` parses, plans and
 * describes every statement again in six calls (Parse, Describe, Bind, Describe, Execute, Sync); a collect job runs
 * the same ~20 statements a track, so each SQL text is prepared once under a name and then only bound and executed
 * (docs/decisions/0176). The caller holds PGlite's query lock.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import { MAX_PREPARED, PLAN_OUTDATED, PLANNED_PER_RUN } from './statement-names.ts'

type Message = { name: string }
type Prepared = { name: string; paramTypes: number[]; rowDescription: Message | undefined }

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0
  for (const p of parts) length += p.length
  const out = new Uint8Array(length)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Names are unique in the process: statements live in PGlite's one session, whoever prepared them. */
let named = 0

export type PreparedQuery = <T>(sql: string, params: readonly unknown[] | undefined) => Promise<T[]>

export function preparedStatements(pg: PGlite, { maxPrepared = MAX_PREPARED } = {}): PreparedQuery {
  const { serialize, Parser } = protocol
  const prepared = new Map<string, Prepared>()

  /** Sends the messages and a Sync in one call; the answer's messages, or the error Postgres sent. */
  const send = async (messages: Uint8Array[]): Promise<Message[]> => {
    const raw = await pg.execProtocolRaw(concat([...messages, serialize.sync()]), { syncToFs: false })
    const out: Message[] = []
    new Parser().parse(raw, (m: Message) => out.push(m))
    const error = out.find((m) => m.name === 'error')
    if (error) throw error
    return out
  }

  const prepare = async (sql: string): Promise<Prepared> => {
    const name = PLANNED_PER_RUN.test(sql) ? '' : `poix_${++named}`
    const answer = await send([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })])
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer as never),
      rowDescription: answer.find((m) => m.name === 'rowDescription'),
    }
    if (prepared.size >= maxPrepared) {
      // An unnamed statement holds nothing in the database; a named one is closed.
      const [oldest, old] = prepared.entries().next().value as [string, Prepared]
      prepared.delete(oldest)
      if (old.name) await send([serialize.close({ type: 'S', name: old.name })])
    }
    prepared.set(sql, statement)
    return statement
  }

  return async <T>(sql: string, params: readonly unknown[] = []) => {
    const statement = prepared.get(sql) ?? (await prepare(sql))
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      // Bytes go as they are, in binary (bytea, and arrays encoded by binary-array.ts).
      if (value instanceof Uint8Array) return value
      const serializer = pg.serializers[statement.paramTypes[i]!]
      return serializer ? serializer(value) : String(value)
    })
    if (!statement.name) {
      // Parsed and planned for these values, its columns described afresh; still one call.
      const answer = await send([
        serialize.parse({ text: sql, types: statement.paramTypes }),
        serialize.bind({ values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ])
      return parse.parseResults(answer as never, pg.parsers)[0]!.rows as T[]
    }
    let answer: Message[]
    try {
      answer = await send([serialize.bind({ statement: statement.name, values }), serialize.execute({})])
    } catch (e) {
      // A table changed under the statement ("cached plan must not change result type"): prepared afresh next time.
      if ((e as { code?: string }).code === PLAN_OUTDATED) prepared.delete(sql)
      throw e
    }
    const messages = statement.rowDescription ? [statement.rowDescription, ...answer] : answer
    return parse.parseResults(messages as never, pg.parsers)[0]!.rows as T[]
  }
}
