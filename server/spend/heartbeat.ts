/**
 * This instance's heartbeat: its row in instance_heartbeats, beaten every second on an unref'd timer (the database's
 * clock, so instances' clocks need not agree) and removed on a clean stop. An instance silent for the stale window is
 * dead and its claims may be ended (ledger-rows.ts). This one judges only once it has itself beaten without a gap for
 * that long: after a database stall every beat looks old, and the living must not take each other for dead.
 * docs/decisions/0186.
 */
import type { Database } from '../db/database.ts'

/** What the money path needs to know to end a dead instance's claim, and never a live one's. */
export type Liveness = {
  /** How long an instance may stay silent before it counts as dead. */
  staleMs: number
  /** True when this instance has beaten without a gap for the stale window, so it may judge others. */
  canJudge(): boolean
}

export type Heartbeat = Liveness & {
  /** Writes the first beat (before this instance claims anything), then beats every interval. */
  start(on: Database): Promise<void>
  /** Stops beating and removes the row: this instance's claims are then free to end. */
  stop(): Promise<void>
}

export type HeartbeatOptions = {
  db: Database
  /** The ledger's `instance` of this process's claims. */
  instance: string
  staleMs: number
  intervalMs?: number
  /** Runs once, when this instance may first judge others: it ends what dead instances left. */
  onJudging?: () => Promise<unknown>
  log: (line: string) => void
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function createHeartbeat({
  db,
  instance,
  staleMs,
  intervalMs = 1000,
  onJudging,
  log,
}: HeartbeatOptions): Heartbeat {
  const clock = () => performance.now()
  // A beat later than this after the previous one is a gap: this instance (or the database) stalled.
  const gapMs = 2 * intervalMs + 500
  let lastBeat: number | undefined
  let healthySince = 0
  let timer: ReturnType<typeof setInterval> | undefined
  let beating: Promise<void> | undefined
  let judged = false

  const canJudge = () => {
    const t = clock()
    return lastBeat !== undefined && t - lastBeat <= gapMs && t - healthySince >= staleMs
  }

  async function beat(on: Database): Promise<void> {
    await on.query(
      `INSERT INTO instance_heartbeats (instance) VALUES ($1)
       ON CONFLICT (instance) DO UPDATE SET beat_at = clock_timestamp()`,
      [instance],
    )
    const t = clock()
    if (lastBeat === undefined || t - lastBeat > gapMs) healthySince = t
    lastBeat = t
    if (!judged && onJudging && canJudge()) {
      judged = true
      await onJudging().catch((e: unknown) =>
        log(`[spend] ending the claims of stopped instances failed: ${reason(e)}`),
      )
    }
  }

  function tick(): void {
    if (beating) return // a beat still waiting on the database: the gap shows when it ends
    beating = beat(db)
      .catch((e: unknown) => log(`[spend] heartbeat not written: ${reason(e)}`))
      .finally(() => (beating = undefined))
  }

  return {
    staleMs,
    canJudge,
    async start(on) {
      await beat(on)
      timer ??= setInterval(tick, intervalMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await beating
      lastBeat = undefined
      await db
        .query('DELETE FROM instance_heartbeats WHERE instance = $1', [instance])
        .catch((e: unknown) => log(`[spend] heartbeat row not removed at shutdown: ${reason(e)}`))
    },
  }
}
