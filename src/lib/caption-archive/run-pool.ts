/**
 * A bounded worker pool: at most `concurrency` jobs in flight, transient failures retried after a backoff,
 * each job taken exactly once, each final outcome yielded as it settles (docs/decisions/0075-bulk-request-pool.md).
 */

export type RetryDecision =
  | { retry: false }
  | {
      retry: true
      delayMs: number
      /** Hold every worker back too (a rate limit is shared). */ pauseAll?: boolean
    }

export type PoolOutcome<J, R> =
  | { status: 'done'; job: J; value: R; attempts: number }
  | { status: 'failed'; job: J; error: unknown; attempts: number }

export type PoolEnd = {
  /** `aborted`: the signal fired; `halted`: a failure said nothing further can succeed; undefined: every job ran. */
  stopped: 'aborted' | 'halted' | undefined
  haltedBy?: unknown
  /** Jobs never started. Jobs in flight when the signal fired are neither yielded nor counted here. */
  notStarted: number
}

type RetryEvent<J> = { job: J; attempt: number; delayMs: number; error: unknown }

export type PoolOptions<J, R> = {
  concurrency: number
  /** Tries per job, the first included. */
  maxAttempts?: number
  signal?: AbortSignal
  /** Whether and when to try again after a failed attempt (attempt = the number that failed, from 1). */
  retryPolicy: (error: unknown, attempt: number) => RetryDecision
  /** Injectable so tests need no timers; must reject when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** A final failure after which starting more jobs is pointless (an exhausted budget): in-flight jobs still finish. */
  halt?: (error: unknown) => boolean
  /** Called once per job with its final outcome, as soon as it is known (before the consumer reads it). */
  onSettled?: (outcome: PoolOutcome<J, R>) => void
  onRetry?: (event: RetryEvent<J>) => void
  /** Outcomes waiting for the consumer before workers stop taking jobs: memory stays bounded when the consumer is slow. */
  maxBuffered?: number
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

export async function* runPool<J, R>(
  jobs: readonly J[],
  run: (job: J, signal: AbortSignal, attempt: number) => Promise<R>,
  options: PoolOptions<J, R>,
): AsyncGenerator<PoolOutcome<J, R>, PoolEnd, undefined> {
  const concurrency = Math.max(1, Math.floor(options.concurrency))
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3)
  const maxBuffered = Math.max(1, options.maxBuffered ?? concurrency * 2)
  const sleep = options.sleep ?? abortableSleep
  const external = options.signal

  // Our own controller: aborted by the caller's signal, or by us when the consumer stops reading early.
  const inner = new AbortController()
  const signal = inner.signal
  const forwardAbort = () => inner.abort(external?.reason)
  if (external?.aborted) inner.abort(external.reason)
  else external?.addEventListener('abort', forwardAbort, { once: true })

  let next = 0
  let halted: { error: unknown } | undefined
  let fatal: { error: unknown } | undefined
  let gate: Promise<void> | undefined
  const buffer: PoolOutcome<J, R>[] = []
  let wakeConsumer: (() => void) | undefined
  const roomWaiters: (() => void)[] = []

  const notifyConsumer = () => {
    wakeConsumer?.()
    wakeConsumer = undefined
  }
  const releaseRoom = (all: boolean) => {
    while (roomWaiters.length > 0 && (all || buffer.length < maxBuffered)) roomWaiters.shift()!()
  }
  signal.addEventListener('abort', () => releaseRoom(true), { once: true })
  const waitForRoom = (): Promise<void> | undefined =>
    buffer.length < maxBuffered || signal.aborted
      ? undefined
      : new Promise<void>((resolve) => roomWaiters.push(resolve))

  async function attemptUntilSettled(job: J): Promise<PoolOutcome<J, R> | undefined> {
    for (let attempt = 1; ; attempt++) {
      if (gate) {
        try {
          await gate
        } catch {
          return undefined // aborted while paused
        }
      }
      if (signal.aborted) return undefined
      try {
        return { status: 'done', job, value: await run(job, signal, attempt), attempts: attempt }
      } catch (error) {
        if (signal.aborted) return undefined // stopped mid-request: not finished, not failed
        const decision: RetryDecision =
          attempt < maxAttempts ? options.retryPolicy(error, attempt) : { retry: false }
        if (!decision.retry) {
          if (options.halt?.(error)) halted ??= { error }
          return { status: 'failed', job, error, attempts: attempt }
        }
        options.onRetry?.({ job, attempt, delayMs: decision.delayMs, error })
        const wait = sleep(decision.delayMs, signal)
        if (decision.pauseAll) {
          const previous = gate
          gate = previous ? Promise.all([previous, wait]).then(() => undefined) : wait
          gate.catch(() => undefined) // a paused gate that nobody awaits must not be an unhandled rejection
        }
        try {
          await wait
        } catch {
          return undefined
        }
      }
    }
  }

  async function worker(): Promise<void> {
    for (;;) {
      const room = waitForRoom()
      if (room) await room
      if (signal.aborted || halted || next >= jobs.length) return
      const job = jobs[next++]!
      const outcome = await attemptUntilSettled(job)
      if (!outcome) continue
      options.onSettled?.(outcome)
      buffer.push(outcome)
      notifyConsumer()
    }
  }

  let alive = Math.min(concurrency, jobs.length)
  for (let i = 0; i < alive; i++) {
    worker()
      .catch((error: unknown) => {
        fatal ??= { error }
        inner.abort(error)
      })
      .finally(() => {
        alive--
        notifyConsumer()
      })
  }

  try {
    for (;;) {
      const outcome = buffer.shift()
      if (outcome) {
        releaseRoom(false)
        yield outcome
        continue
      }
      if (fatal) throw fatal.error
      if (alive === 0) break
      await new Promise<void>((resolve) => (wakeConsumer = resolve))
    }
    const stopped = external?.aborted ? 'aborted' : halted ? 'halted' : undefined
    return { stopped, ...(halted ? { haltedBy: halted.error } : {}), notStarted: jobs.length - next }
  } finally {
    external?.removeEventListener('abort', forwardAbort)
    // The consumer returned early (or threw): no worker may go on paying for answers nobody reads.
    if (alive > 0) inner.abort(new DOMException('The pool was closed before it finished.', 'AbortError'))
  }
}
