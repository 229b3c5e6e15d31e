import { describe, expect, it } from 'vitest'
import { parseCoordinates, parsePaste, parseTimeParam } from './paste.ts'

const V = 'dQw4w9WgXcQ'
const C = 'UCuAXFkgsw1L7xaCfnd5JJOw'
const COMMENT = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
const REPLY = `${COMMENT}.9zGS5B8VzVn9zGT0aGxbTv`

describe('parsePaste', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${V}`, { kind: 'video', videoId: V }],
    [`https://m.youtube.com/watch?feature=share&v=${V}`, { kind: 'video', videoId: V }],
    [`youtube.com/watch?v=${V}&t=1m3s`, { kind: 'video', videoId: V, t: 63 }],
    [`https://youtu.be/${V}?t=43`, { kind: 'video', videoId: V, t: 43 }],
    [`https://www.youtube.com/shorts/${V}`, { kind: 'video', videoId: V }],
    [`https://www.youtube.com/embed/${V}?start=10`, { kind: 'video', videoId: V, t: 10 }],
    [`https://www.youtube-nocookie.com/embed/${V}`, { kind: 'video', videoId: V }],
    [`https://www.youtube.com/live/${V}`, { kind: 'video', videoId: V }],
    [`  ${V}  `, { kind: 'video', videoId: V }],
  ])('reads the video in %s', (input, target) => {
    expect(parsePaste(input)).toEqual({ ok: true, target })
  })

  it.each([
    [`https://www.youtube.com/channel/${C}`, { kind: 'channel', by: 'id', channelId: C }],
    [C, { kind: 'channel', by: 'id', channelId: C }],
    [
      'https://www.youtube.com/@rickastleyyt/videos',
      { kind: 'channel', by: 'handle', handle: '@rickastleyyt' },
    ],
    ['@rick.astley-yt', { kind: 'channel', by: 'handle', handle: '@rick.astley-yt' }],
    ['@東京テレビ', { kind: 'channel', by: 'handle', handle: '@東京テレビ' }],
    [
      'https://www.youtube.com/user/RickAstleyVEVO',
      { kind: 'channel', by: 'username', username: 'RickAstleyVEVO' },
    ],
    ['https://www.youtube.com/c/RickAstley', { kind: 'channel', by: 'username', username: 'RickAstley' }],
  ])('reads the channel in %s', (input, target) => {
    expect(parsePaste(input)).toEqual({ ok: true, target })
  })

  it('reads comment permalinks, comment ids and reply ids', () => {
    expect(parsePaste(`https://www.youtube.com/watch?v=${V}&lc=${COMMENT}`)).toEqual({
      ok: true,
      target: { kind: 'comment', parentId: COMMENT, videoId: V },
    })
    expect(parsePaste(`https://www.youtube.com/watch?v=${V}&lc=${REPLY}`)).toEqual({
      ok: true,
      target: { kind: 'comment', parentId: COMMENT, replyId: REPLY, videoId: V },
    })
    expect(parsePaste(COMMENT)).toEqual({ ok: true, target: { kind: 'comment', parentId: COMMENT } })
    expect(parsePaste(REPLY)).toEqual({
      ok: true,
      target: { kind: 'comment', parentId: COMMENT, replyId: REPLY },
    })
  })

  it('reads coordinates and map links', () => {
    expect(parsePaste('48.8566, 2.3522')).toEqual({
      ok: true,
      target: { kind: 'location', lat: 48.8566, lng: 2.3522 },
    })
    expect(parsePaste('https://www.google.com/maps/@35.6762,139.6503,12z')).toEqual({
      ok: true,
      target: { kind: 'location', lat: 35.6762, lng: 139.6503 },
    })
  })

  it.each([
    ['', /Paste a video/],
    ['hello world', /Could not tell what "hello world" is/],
    ['https://www.youtube.com/watch?v=short', /no valid video id/],
    ['https://youtu.be/abc', /not an 11-character video id/],
    ['https://www.youtube.com/channel/UCshort', /not a channel id/],
    ['https://example.com/video', /Links to example.com are not understood/],
    ['@a', /not a valid handle/],
    ['x'.repeat(3000), /too long/],
  ])('explains why %s cannot be opened', (input, reason) => {
    const r = parsePaste(input)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason).toMatch(reason)
  })
})

describe('parseTimeParam', () => {
  it.each([
    ['143', 143],
    ['143s', 143],
    ['2m23s', 143],
    ['1h0m1s', 3601],
    ['', undefined],
    ['abc', undefined],
  ])('%s → %s', (input, seconds) => expect(parseTimeParam(input)).toBe(seconds))
})

describe('parseCoordinates', () => {
  it('refuses out-of-range values', () => {
    expect(parseCoordinates('91, 0')).toBeUndefined()
    expect(parseCoordinates('0, 181')).toBeUndefined()
  })
  it('reads OpenStreetMap links', () => {
    expect(parseCoordinates('https://www.openstreetmap.org/#map=12/48.8566/2.3522')).toEqual({
      lat: 48.8566,
      lng: 2.3522,
    })
    expect(parseCoordinates('https://www.openstreetmap.org/?mlat=48.85&mlon=2.35')).toEqual({
      lat: 48.85,
      lng: 2.35,
    })
  })
})

describe('malformed escapes', () => {
  it('a broken %-escape in a link gets a reason, not an exception', () => {
    const r = parsePaste('https://www.youtube.com/@%')
    expect(r.ok).toBe(false)
  })
})
