import { describe, expect, it } from 'vitest'
import { disposedAfterEach, errorOf, spendHarness } from '../testing/spend-harness.ts'

describe('GET /api/popularVideos?regionCode=&hl=', () => {
  const track = disposedAfterEach()
  const sent = (req: Request) => Object.fromEntries(new URL(req.url).searchParams)

  it('forwards a valid region and language, sent only when chosen, and caches each value apart', async () => {
    const h = track(spendHarness())
    expect((await h.request('/api/popularVideos')).status).toBe(200)
    expect((await h.request('/api/popularVideos?regionCode=jp&hl=ja')).status).toBe(200)
    const again = await h.request('/api/popularVideos?regionCode=JP&hl=ja') // one spelling, one cache entry
    expect(again.headers.get('X-Cache')).toBe('HIT')
    expect((await h.request('/api/popularVideos?regionCode=JP')).headers.get('X-Cache')).toBe('MISS')
    expect((await h.request('/api/popularVideos?hl=ja')).headers.get('X-Cache')).toBe('MISS')
    expect(h.seen.map(sent)).toEqual([{}, { regionCode: 'JP', hl: 'ja' }, { regionCode: 'JP' }, { hl: 'ja' }])
  })

  it.each([
    ['regionCode=ZZ', 'regionCode', /"ZZ" is not an ISO 3166-1 alpha-2 region code/],
    ['regionCode=USA', 'regionCode', /"USA" is not an ISO 3166-1 alpha-2/],
    ['regionCode=UK', 'regionCode', /"UK" is not an ISO 3166-1 alpha-2/],
    ['hl=xx', 'hl', /hl "xx" is not one of/],
    ['hl=yue', 'hl', /hl "yue" is not one of/],
  ])('refuses %s with a 400 naming %s, before paying', async (query, param, message) => {
    const h = track(spendHarness())
    const res = await h.request(`/api/popularVideos?${query}`)
    expect(res.status).toBe(400)
    const err = await errorOf(res)
    expect(err).toMatchObject({ code: 'invalid_query', param })
    expect(err.message).toMatch(message)
    expect(h.seen).toHaveLength(0)
  })
})
