import { describe, expect, it, vi } from 'vitest'
import { StorageUnavailable } from '../db/database.ts'
import type { FlightState } from './ledger.ts'
import { PricedFailure } from './priced-failure.ts'
import { AGAIN, waitForOtherInstance, type WaitDeps } from './wait-for-other-instance.ts'

const entry = {
  kind: 'answer' as const,
  body: 'b',
  contentType: 'text/plain',
  bytes: 1,
  storedAt: 0,
  expiresAt: 9,
}
const flying: FlightState = { inFlight: true, state: 'pending', httpStatus: 0 }

function deps(states: (FlightState | undefined)[], cached?: typeof entry, id: string | undefined = '7') {
  const sleep = vi.fn(async (_ms: number) => undefined)
  const d: WaitDeps = {
    ledger: {
      flightOf: async () => id,
      flight: vi.fn(async () => states.shift()),
      endIfDead: vi.fn(async () => false),
    },
    cache: { get: vi.fn(async () => cached) },
    leaseMs: 60_000,
    sleep,
  }
  return { d, sleep }
}

const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('waitForOtherInstance', () => {
  it('polls the other claim until it settles, backing off, then serves its answer from the cache', async () => {
    const { d, sleep } = deps(
      [flying, flying, flying, { inFlight: false, state: 'charged', httpStatus: 200 }],
      entry,
    )
    expect(await waitForOtherInstance(d, 'k')).toBe(entry)
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([20, 30, 45])
  })

  it('shares a failure the other call settled with, priced at 0', async () => {
    const failed: FlightState = {
      inFlight: false,
      state: 'free failure',
      httpStatus: 429,
      code: 'rate_limited',
      retryAfterSeconds: 12,
    }
    const thrown = await caught(waitForOtherInstance(deps([failed]).d, 'k'))
    expect(thrown).toBeInstanceOf(PricedFailure)
    expect(thrown).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 12, costUsd: 0 })
  })

  it('AGAIN when the other call ended with nothing to share, or its row is gone', async () => {
    expect(
      await waitForOtherInstance(deps([{ inFlight: false, state: 'charged', httpStatus: 200 }]).d, 'k'),
    ).toBe(AGAIN)
    expect(await waitForOtherInstance(deps([undefined]).d, 'k')).toBe(AGAIN)
  })

  it('no claim in flight any more: whatever the cache holds', async () => {
    expect(await waitForOtherInstance(deps([], entry, undefined).d, 'k')).toBe(entry)
    expect(await waitForOtherInstance(deps([], undefined, undefined).d, 'k')).toBe(AGAIN)
  })

  it('a database that fails is 503 storage_unavailable, priced at 0', async () => {
    const { d } = deps([])
    d.ledger.flight = () => Promise.reject(new StorageUnavailable('gone'))
    expect(await caught(waitForOtherInstance(d, 'k'))).toMatchObject({
      status: 503,
      code: 'storage_unavailable',
      costUsd: 0,
    })
  })

  describe('the claim’s instance', () => {
    /** A clock moved by the poll's own sleeps: 20, 30, 45 … ms, as the waits go. */
    function timed(states: (FlightState | undefined)[], dead: boolean, judging = true) {
      const t = deps(states)
      let now = 0
      t.d.clock = () => now
      t.d.sleep = vi.fn(async (ms: number) => void (now += ms))
      t.d.liveness = { staleMs: 5000, canJudge: () => judging }
      t.d.ledger.endIfDead = vi.fn(async () => dead)
      return t.d
    }
    const flyingFor = (n: number) => Array.from({ length: n }, () => flying)

    it('stopped beating: its claim is ended after a second of waiting, and this request walks again', async () => {
      const d = timed(flyingFor(40), true)
      expect(await waitForOtherInstance(d, 'k')).toBe(AGAIN)
      expect(d.ledger.endIfDead).toHaveBeenCalledTimes(1)
      expect(d.ledger.endIfDead).toHaveBeenCalledWith('7', 5000)
    })

    it('still beating: its claim holds, asked about once a second, until the call settles', async () => {
      const settled = { inFlight: false, state: 'charged' as const, httpStatus: 200 }
      const d = timed([...flyingFor(30), settled], false)
      expect(await waitForOtherInstance(d, 'k')).toBe(AGAIN)
      expect(d.ledger.flight).toHaveBeenCalledTimes(31)
      const asked = vi.mocked(d.ledger.endIfDead).mock.calls.length
      expect(asked).toBeGreaterThanOrEqual(3)
      expect(asked).toBeLessThanOrEqual(6)
    })

    it('this instance not beating steadily itself (a stalled database): it judges no one', async () => {
      const d = timed([...flyingFor(30), undefined], true, false)
      await waitForOtherInstance(d, 'k')
      expect(d.ledger.endIfDead).not.toHaveBeenCalled()
      expect(d.ledger.flight).toHaveBeenCalledTimes(31)
    })
  })
})
