/** A caller's upstream slot (the collect job's concurrency) covers its ledger row and its call, not the settling after. */
import { expect, it, vi } from 'vitest'
import { captionCall } from '../collections/caption-request.ts'
import { upstreamSlots } from '../collections/upstream-slots.ts'
import { disposedAfterEach, gate, serviceAnswer, spendHarness } from '../testing/spend-harness.ts'

const track = disposedAfterEach()

it('a call waits for a free slot before its ledger row is written, and frees it once the service has answered', async () => {
  const g = gate()
  const h = track(spendHarness({ hold: g.opened }))
  await h.ready
  const slots = upstreamSlots(1)
  let askedForSlot = 0
  const slot = () => (askedForSlot++, slots())
  const call = (videoId: string) =>
    h.gateway.call({ ...captionCall({ lang: 'en', mode: 'default' }, videoId), upstreamSlot: slot })
  const first = call('ccccccccc21')
  const second = call('ccccccccc22')
  await vi.waitFor(() => expect(h.seen).toHaveLength(1), { timeout: 15_000 })
  // The second has asked for the slot the first holds until the service answers: it can go no further.
  await vi.waitFor(() => expect(askedForSlot).toBe(2), { timeout: 15_000 })
  // It has asked nothing of the service and written no ledger row.
  expect(h.seen).toHaveLength(1)
  expect((await h.spend()).recent).toHaveLength(1)
  g.open()
  const answers = await Promise.all([first, second])
  expect(answers.map((a) => a.cache)).toEqual(['MISS', 'MISS'])
  expect(h.seen.map((r) => new URL(r.url).pathname)).toEqual([
    '/captions/ccccccccc21',
    '/captions/ccccccccc22',
  ])
  expect((await h.spend()).totals.paidCalls).toBe(2)
})

it('a slot is given back when the service refuses, and when nothing is asked of it (answered from the cache)', async () => {
  const h = track(
    spendHarness({
      answer: (req) =>
        new URL(req.url).pathname.endsWith('ccccccccc31')
          ? new Response('{"message":"boom"}', { status: 500 })
          : serviceAnswer(req),
    }),
  )
  await h.ready
  const slots = upstreamSlots(1)
  const call = (videoId: string) =>
    h.gateway.call({ ...captionCall({ lang: 'en', mode: 'default' }, videoId), upstreamSlot: slots })
  await expect(call('ccccccccc31')).rejects.toThrow()
  expect((await call('ccccccccc32')).cache).toBe('MISS')
  expect((await call('ccccccccc32')).cache).toBe('HIT')
  expect((await call('ccccccccc33')).cache).toBe('MISS')
})

it("on the embedded engine, a call's claim goes before work queued while it waited for its slot", async () => {
  const h = track(spendHarness())
  await h.ready
  const order: string[] = []
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  let holder: Promise<void> | undefined
  let writer: Promise<void> | undefined
  // The slot is given while another holds the database and a writer's batch queues behind it.
  const slot = async () => {
    let entered!: () => void
    const inside = new Promise<void>((r) => (entered = r))
    holder = h.db.transaction(async (tx) => {
      await tx.query('SELECT 1')
      entered()
      await released
      order.push('holder')
    })
    await inside
    writer = h.db.transaction(async (tx) => {
      order.push('writer')
      await tx.query('SELECT 1')
    })
    setTimeout(release, 50)
    return () => undefined
  }
  const answer = await h.gateway.call({
    ...captionCall({ lang: 'en', mode: 'default' }, 'ccccccccc41'),
    upstreamSlot: slot,
    beforeClaim: async () => void order.push('claim'),
  })
  await Promise.all([holder, writer])
  expect(answer.cache).toBe('MISS')
  expect(order).toEqual(['holder', 'claim', 'writer'])
})
