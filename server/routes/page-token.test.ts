import { describe, expect, it } from 'vitest'
import { disposedAfterEach, errorOf, spendHarness } from '../testing/spend-harness.ts'

const ROUTES = [
  '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
  '/api/popularVideos?regionCode=US',
  '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg',
]

describe('page tokens are opaque but never path-like', () => {
  const track = disposedAfterEach()

  it('"../../etc/passwd", "a//b", a leading "/" or "..": 400 naming pageToken, no call made, nothing in the ledger', async () => {
    const h = track(spendHarness())
    for (const token of ['../../etc/passwd', 'a//b', '/CDIQAA', 'QUJD..RA']) {
      for (const route of ROUTES) {
        const res = await h.request(`${route}&pageToken=${encodeURIComponent(token)}`)
        expect(res.status, `${route} ${token}`).toBe(400)
        const error = await errorOf(res)
        expect(error.param).toBe('pageToken')
        expect(error.message).toMatch(/nextPageToken of the previous page/)
      }
    }
    expect(h.seen).toHaveLength(0)
    expect((await h.spend()).recent).toEqual([])
  })

  it('real token shapes (base64 with single "/", "+", "=") still reach the service, as sent', async () => {
    const h = track(spendHarness())
    const tokens = ['CDIQAA', 'EAAaBlBUOkNESQ', 'Z2V0X25leHQ/cGFnZQ+dG9rZW4=', 'a.b_c-d']
    for (const token of tokens) {
      for (const route of ROUTES) {
        const res = await h.request(`${route}&pageToken=${encodeURIComponent(token)}`)
        expect(res.status, `${route} ${token}`).toBe(200)
      }
    }
    expect(h.seen.map((r) => new URL(r.url).searchParams.get('pageToken'))).toEqual(
      tokens.flatMap((t) => ROUTES.map(() => t)),
    )
  })
})
