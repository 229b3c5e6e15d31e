/** Test helper (never imported by production code): a collection with two collected videos and one not collected, inside the real function, and calls of the coding routes. */
import { expect } from 'vitest'
import { Code, CodeList, CodingList } from '#contract/coding.ts'
import type { EngineUnderTest } from '#server/testing/postgres-cluster.ts'
import { spendHarness, testClock } from '#server/testing/spend-harness.ts'
import { createCollection, type FixtureVideo } from '../../search/testing/corpus-fixture.ts'

export const C = 'c_Coding0001'
export const OTHER = 'c_Coding0002'
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

const VIDEO_A: FixtureVideo = {
  videoId: 'vidCodingA1',
  title: 'Commute',
  track: {
    lang: 'en',
    cues: [
      { text: 'we took the metro', offset: 0, duration: 2.5 },
      { text: 'it was &amp;quot;late&amp;quot;', offset: 2.5, duration: 2 },
      { text: 'the bus was faster', offset: 4.5, duration: 3 },
      { text: 'so we walked', offset: 7.5, duration: 1.25 },
    ],
  },
}
const VIDEO_B: FixtureVideo = {
  videoId: 'vidCodingB2',
  track: { lang: 'fr', cues: [{ text: 'le métro', offset: 0.1, duration: 1.7 }] },
}
const UNCOLLECTED: FixtureVideo = { videoId: 'vidCodingM3', title: 'Not collected' }

export const REPLY = {
  kind: 'reply',
  videoId: 'vidCodingA1',
  commentId: 'UgzCodingComment0000001.8xReply00001',
  parentId: 'UgzCodingComment0000001',
  author: '@rider',
  publishedAt: '2026-01-03T08:00:00Z',
  text: 'The metro is never late & never < 3 minutes.',
}

export const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

/** A fresh function over the engine under test, with the fixture collections. */
export async function codingHarness(engine: EngineUnderTest) {
  const clock = testClock()
  const h = engine.track(spendHarness({ env: engine.env(), now: clock.now }))
  await h.ready
  await createCollection(h.db, C, [VIDEO_A, VIDEO_B, UNCOLLECTED])
  await createCollection(h.db, OTHER, [])
  const base = `/api/collections/${C}`
  const send = (path: string, body?: unknown, method = 'POST') =>
    h.request(`${base}${path}`, body === undefined ? { method } : json(body, method))
  const code = async (body: Record<string, unknown>, collection = C) => {
    const res = await h.request(`/api/collections/${collection}/codes`, json(body))
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    return Code.parse(await res.json())
  }
  const codes = async () => CodeList.parse(await (await send('/codes', undefined, 'GET')).json()).codes
  const apply = async (body: Record<string, unknown>) => {
    const res = await send('/codings', { coder: 'Ana', ...body })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    return CodingList.parse(await res.json()).codings
  }
  const codings = async (query = '') =>
    CodingList.parse(await (await send(`/codings${query}`, undefined, 'GET')).json()).codings
  return { h, clock, send, code, codes, apply, codings }
}
