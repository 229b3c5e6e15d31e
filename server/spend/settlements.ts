/**
 * Settlement writes. What was paid is settled in one transaction (ledger row and cache row); when the database
 * refuses, the row stays pending (counted as spent) and the write is retried by flush. Each settlement may start the
 * cache's eviction, since stored answers are what grow the table.
 */
import type { Database, Queryable, Statement } from '../db/database.ts'
import type { ResponseCache } from './response-cache.ts'

export type SettlementWrite = (tx: Queryable) => Promise<void>

export type Settlements = ReturnType<typeof createSettlements>

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function createSettlements({
  db,
  cache,
  log,
}: {
  db: Pick<Database, 'transaction' | 'query'>
  cache: Pick<ResponseCache, 'evictionDue' | 'evict'>
  log: (line: string) => void
}) {
  /** Settlements the database refused after the call was paid: their rows stay pending until one succeeds. */
  const unsettled: { id: string; write: SettlementWrite }[] = []
  let evicting = false

  function evictWhenDue(): void {
    if (evicting || !cache.evictionDue()) return
    evicting = true
    void cache
      .evict()
      .catch((e: unknown) => log(`[spend] cache eviction failed: ${reason(e)}`))
      .finally(() => (evicting = false))
  }

  /** Runs a settlement's write (in a transaction, unless it is one statement); a refused write waits in `unsettled`. */
  async function write(id: string, settlement: SettlementWrite, oneStatement: boolean): Promise<void> {
    try {
      await (oneStatement ? settlement(db) : db.transaction(settlement))
    } catch (e) {
      unsettled.push({ id, write: settlement })
      log(
        `[spend] ledger row ${id} stays pending for now: the database refused its settlement (${reason(e)}); it is retried.`,
      )
    }
    evictWhenDue()
  }

  return {
    /** Writes the settlement of ledger row id in one transaction; never throws: a refused write waits in `unsettled`. */
    settle: (id: string, settlement: SettlementWrite) => write(id, settlement, false),

    /** The same for a settlement that is one statement, atomic by itself: no BEGIN and COMMIT to send. */
    settleAtOnce: (id: string, { sql, params }: Statement) =>
      write(id, async (q) => void (await q.query(sql, params)), true),

    /** Queues a write for the next retry at once (bookkeeping the database refused just now, e.g. a claim to undo). */
    later(id: string, write: SettlementWrite): void {
      unsettled.push({ id, write })
    },

    /** Writes the refused settlements in order; the first that fails again keeps itself and the rest for next time. */
    async retry(): Promise<void> {
      const retry = unsettled.splice(0)
      for (const [i, item] of retry.entries()) {
        try {
          await db.transaction(item.write)
        } catch (e) {
          unsettled.push(...retry.slice(i))
          throw e
        }
      }
    },

    /** How many settlements wait to be written. */
    pending: () => unsettled.length,
  }
}
