import { describe, expect, it } from 'vitest'
import { upstreamSlots } from './upstream-slots.ts'

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('upstream slots', () => {
  it('hands out n slots; the next waits until one is given back, in the order asked', async () => {
    const take = upstreamSlots(2)
    const order: string[] = []
    const a = await take()
    const b = await take()
    const c = take().then((release) => (order.push('c'), release))
    const d = take().then((release) => (order.push('d'), release))
    await tick()
    expect(order).toEqual([])
    b()
    b() // a second release of the same slot frees nothing more
    await tick()
    expect(order).toEqual(['c'])
    a()
    await tick()
    expect(order).toEqual(['c', 'd'])
    ;(await c)()
    ;(await d)()
    const e = await take()
    e()
  })
})
