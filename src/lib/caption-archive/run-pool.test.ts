import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ApiError } from '#lib/paid-fetch.ts'
import { captionRetryPolicy, haltsTheRun } from './retry-policy.ts'
import { runPool, type PoolEnd, type PoolOutcome, type PoolOptions } from './run-pool.ts'

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void }
function deferred<T = void>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const ticks = async (n = 20) => {
  for (let i = 0; i < n; i++) await Promise.resolve()
}

/** A sleep that resolves at once but remembers what was asked. */
function recordingSleep() {
  const delays: number[] = []
  const sleep = (ms: number, signal: AbortSignal) => {
    delays.push(ms)
    return signal.aborted ? Promise.reject(signal.reason) : Promise.resolve()
  }
  return { delays, sleep }
}

async function drain<J, R>(
  gen: AsyncGenerator<PoolOutcome<J, R>, PoolEnd>,
): Promise<{ outcomes: PoolOutcome<J, R>[]; end: PoolEnd }> {
  const outcomes: PoolOutcome<J, R>[] = []
  let step = await gen.next()
  while (!step.done) {
    outcomes.push(step.value)
    step = await gen.next()
  }
  return { outcomes, end: step.value }
}

const unavailable = () => new ApiError(404, 'captions_unavailable', 'No captions in fr for this video.')
const busy = () => new ApiError(503, 'storage_unavailable', "The dashboard's storage is briefly unavailable.")
const noRetry: PoolOptions<number, number>['retryPolicy'] = () => ({ retry: false })

describe('runPool', () => {
  it('never has more than N jobs in flight, and runs each job exactly once', async () => {
    const jobs = Array.from({ length: 40 }, (_, i) => i)
    let inFlight = 0
    let maxInFlight = 0
    const calls = new Map<number, number>()
    const run = async (job: number) => {
      calls.set(job, (calls.get(job) ?? 0) + 1)
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      await ticks(1 + ((job * 7) % 5)) // settle out of order
      inFlight--
      return job * 10
    }
    const { outcomes, end } = await drain(runPool(jobs, run, { concurrency: 4, retryPolicy: noRetry }))
    expect(maxInFlight).toBe(4)
    expect([...calls.values()].every((n) => n === 1)).toBe(true)
    expect(outcomes.map((o) => o.job).sort((a, b) => a - b)).toEqual(jobs)
    expect(outcomes.every((o) => o.status === 'done' && o.value === o.job * 10)).toBe(true)
    expect(end).toEqual({ stopped: undefined, notStarted: 0 })
  })

  it('retries a transient failure with exponential backoff, then succeeds', async () => {
    const { delays, sleep } = recordingSleep()
    let attempts = 0
    const run = async () => {
      attempts++
      if (attempts < 3) throw busy()
      return 'ok'
    }
    const { outcomes } = await drain(
      runPool(['a'], run, { concurrency: 2, sleep, retryPolicy: captionRetryPolicy({ random: () => 0 }) }),
    )
    expect(outcomes).toEqual([{ status: 'done', job: 'a', value: 'ok', attempts: 3 }])
    expect(delays).toEqual([1000, 2000])
  })

  it('gives up after the last attempt and reports the failure', async () => {
    const { delays, sleep } = recordingSleep()
    let attempts = 0
    const run = async (): Promise<string> => {
      attempts++
      throw busy()
    }
    const { outcomes } = await drain(
      runPool(['a'], run, {
        concurrency: 1,
        maxAttempts: 3,
        sleep,
        retryPolicy: captionRetryPolicy({ random: () => 0 }),
      }),
    )
    expect(attempts).toBe(3)
    expect(delays).toEqual([1000, 2000])
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]).toMatchObject({ status: 'failed', job: 'a', attempts: 3 })
    expect((outcomes[0] as { error: ApiError }).error.status).toBe(503)
  })

  it('does not retry a 404 captions_unavailable: it goes straight to the report', async () => {
    const { delays, sleep } = recordingSleep()
    let attempts = 0
    const run = async (): Promise<string> => {
      attempts++
      throw unavailable()
    }
    const { outcomes } = await drain(
      runPool(['a'], run, { concurrency: 1, sleep, retryPolicy: captionRetryPolicy() }),
    )
    expect(attempts).toBe(1)
    expect(delays).toEqual([])
    expect(outcomes[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { code: 'captions_unavailable' },
    })
  })

  it('honours Retry-After on 429 and holds every worker back until it has passed', async () => {
    const pause = deferred()
    const asked: number[] = []
    const sleep = (ms: number) => {
      asked.push(ms)
      return pause.promise
    }
    const started: string[] = []
    const gates = { b: deferred() }
    let firstA = true
    const run = async (job: string) => {
      started.push(job)
      if (job === 'a' && firstA) {
        firstA = false
        throw new ApiError(429, 'rate_limited', 'Too many paid requests.', undefined, 7)
      }
      if (job === 'b') await gates.b.promise
      return job
    }
    const gen = runPool(['a', 'b', 'c'], run, { concurrency: 2, sleep, retryPolicy: captionRetryPolicy() })
    const first = gen.next()
    await ticks()
    expect(asked).toEqual([7000])
    gates.b.resolve()
    expect((await first).value).toMatchObject({ job: 'b', status: 'done' })
    await ticks()
    // b's worker is free, but the rate limit pause holds c back, and a's retry too.
    expect(started).toEqual(['a', 'b'])
    pause.resolve()
    const rest = await drain(gen)
    expect(started.sort()).toEqual(['a', 'a', 'b', 'c'])
    expect(rest.outcomes.map((o) => o.job).sort()).toEqual(['a', 'c'])
  })

  it('stops on abort: only finished jobs are reported, in-flight ones are cancelled, the rest never start', async () => {
    const controller = new AbortController()
    const gates = Array.from({ length: 6 }, () => deferred())
    const started: number[] = []
    const signals = new Map<number, AbortSignal>()
    const run = async (job: number, signal: AbortSignal) => {
      started.push(job)
      signals.set(job, signal)
      await Promise.race([
        gates[job]!.promise,
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ])
      return job
    }
    const gen = runPool([0, 1, 2, 3, 4, 5], run, {
      concurrency: 2,
      signal: controller.signal,
      retryPolicy: noRetry,
    })
    const outcomes: PoolOutcome<number, number>[] = []
    const first = gen.next()
    gates[0]!.resolve()
    gates[1]!.resolve()
    let step = await first
    outcomes.push(step.value as PoolOutcome<number, number>)
    step = await gen.next()
    outcomes.push(step.value as PoolOutcome<number, number>)
    await ticks()
    expect(started).toEqual([0, 1, 2, 3])
    controller.abort()
    const rest = await drain(gen)
    expect(outcomes.map((o) => o.job)).toEqual([0, 1])
    expect(rest.outcomes).toEqual([])
    expect(rest.end).toEqual({ stopped: 'aborted', notStarted: 2 })
    expect(signals.get(2)?.aborted).toBe(true)
    expect(started).toEqual([0, 1, 2, 3])
  })

  it('does not sleep out a backoff after a stop', async () => {
    const controller = new AbortController()
    const run = async (): Promise<string> => {
      controller.abort()
      throw busy()
    }
    const { outcomes, end } = await drain(
      runPool(['a'], run, { concurrency: 1, signal: controller.signal, retryPolicy: captionRetryPolicy() }),
    )
    expect(outcomes).toEqual([])
    expect(end.stopped).toBe('aborted')
  })

  it('halts on an exhausted budget: in-flight jobs finish, no new job starts', async () => {
    const started: number[] = []
    const run = async (job: number) => {
      started.push(job)
      if (job === 0) throw new ApiError(402, 'budget_exhausted', 'The budget of $1.00 is spent.')
      await ticks(5)
      return job
    }
    const { outcomes, end } = await drain(
      runPool([0, 1, 2, 3, 4], run, { concurrency: 2, retryPolicy: captionRetryPolicy(), halt: haltsTheRun }),
    )
    expect(started).toEqual([0, 1])
    expect(outcomes.map((o) => [o.job, o.status])).toEqual([
      [0, 'failed'],
      [1, 'done'],
    ])
    expect(end).toMatchObject({ stopped: 'halted', notStarted: 3, haltedBy: { code: 'budget_exhausted' } })
  })

  it('keeps memory bounded: workers wait while the consumer has not read the outcomes', async () => {
    const started: number[] = []
    const run = async (job: number) => {
      started.push(job)
      return job
    }
    const gen = runPool(
      Array.from({ length: 50 }, (_, i) => i),
      run,
      { concurrency: 2, maxBuffered: 3, retryPolicy: noRetry },
    )
    await gen.next()
    await ticks(50)
    expect(started.length).toBeLessThanOrEqual(3 + 2 + 1)
    const { outcomes } = await drain(gen)
    expect(outcomes).toHaveLength(49)
    expect(started).toHaveLength(50)
  })

  it('cancels in-flight work when the consumer stops reading early', async () => {
    const signals: AbortSignal[] = []
    const run = (job: number, signal: AbortSignal) => {
      signals.push(signal)
      return job === 0
        ? Promise.resolve(0)
        : new Promise<number>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
    }
    const gen = runPool([0, 1, 2], run, { concurrency: 3, retryPolicy: noRetry })
    await gen.next()
    await gen.return({ stopped: undefined, notStarted: 0 })
    expect(signals.every((s) => s.aborted)).toBe(true)
  })

  it('property: each job settles at most once, finished ∪ cancelled ∪ never started = all jobs, never more than N in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          fc.record({
            failures: fc.integer({ min: 0, max: 4 }),
            permanent: fc.boolean(),
            delay: fc.integer({ min: 0, max: 4 }),
          }),
          { maxLength: 25 },
        ),
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        async (concurrency, specs, abortAfterTicks) => {
          const controller = new AbortController()
          const attemptsOf = new Map<number, number>()
          const finished = new Set<number>()
          let inFlight = 0
          let maxInFlight = 0
          const run = async (job: number, signal: AbortSignal) => {
            const spec = specs[job]!
            const attempt = (attemptsOf.get(job) ?? 0) + 1
            attemptsOf.set(job, attempt)
            inFlight++
            maxInFlight = Math.max(maxInFlight, inFlight)
            try {
              await ticks(spec.delay)
              signal.throwIfAborted()
              if (attempt <= spec.failures) throw spec.permanent ? unavailable() : busy()
              finished.add(job)
              return job
            } finally {
              inFlight--
            }
          }
          const gen = runPool(
            specs.map((_, i) => i),
            run,
            {
              concurrency,
              signal: controller.signal,
              sleep: (_ms, s) => (s.aborted ? Promise.reject(s.reason) : ticks(1)),
              retryPolicy: captionRetryPolicy(),
            },
          )
          if (abortAfterTicks !== undefined) void ticks(abortAfterTicks).then(() => controller.abort())
          const { outcomes, end } = await drain(gen)
          const settled = outcomes.map((o) => o.job)
          expect(new Set(settled).size).toBe(settled.length)
          expect(maxInFlight).toBeLessThanOrEqual(concurrency)
          for (const o of outcomes) {
            const spec = specs[o.job]!
            if (o.status === 'done') expect(finished.has(o.job)).toBe(true)
            else expect(o.attempts).toBe(spec.permanent ? 1 : 3)
            expect(o.attempts).toBe(attemptsOf.get(o.job))
          }
          const neverStarted = specs.map((_, i) => i).filter((i) => !attemptsOf.has(i))
          expect(neverStarted).toHaveLength(end.notStarted)
          if (end.stopped === undefined) expect(settled.sort((a, b) => a - b)).toEqual(specs.map((_, i) => i))
          else expect(neverStarted.filter((i) => settled.includes(i))).toEqual([])
        },
      ),
      { numRuns: 150 },
    )
  })
})
