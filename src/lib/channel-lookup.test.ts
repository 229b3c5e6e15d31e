import { describe, expect, it } from 'vitest'
import { parseChannelLookup } from './channel-lookup.ts'

const RICK = 'UCuAXFkgsw1L7xaCfnd5JJOw'
const B = 'UCaaaaaaaaaaaaaaaaaaaaaa'
const C = 'UCbbbbbbbbbbbbbbbbbbbb_-'

describe('parseChannelLookup', () => {
  it('reads channel URLs of every form', () => {
    expect(parseChannelLookup(`https://www.youtube.com/channel/${RICK}`)).toEqual({
      ok: true,
      target: { by: 'id', id: RICK },
    })
    expect(parseChannelLookup('https://www.youtube.com/@rickastleyyt/videos')).toEqual({
      ok: true,
      target: { by: 'handle', handle: '@rickastleyyt' },
    })
    expect(parseChannelLookup('youtube.com/user/RickAstleyVEVO')).toEqual({
      ok: true,
      target: { by: 'username', username: 'RickAstleyVEVO' },
    })
  })

  it('reads a bare id, a handle with or without @, and user/ names', () => {
    expect(parseChannelLookup(`  ${RICK} `)).toEqual({ ok: true, target: { by: 'id', id: RICK } })
    expect(parseChannelLookup('@rickastleyyt')).toEqual({
      ok: true,
      target: { by: 'handle', handle: '@rickastleyyt' },
    })
    expect(parseChannelLookup('rickastleyyt')).toEqual({
      ok: true,
      target: { by: 'handle', handle: '@rickastleyyt' },
    })
    expect(parseChannelLookup('@東京_music')).toEqual({
      ok: true,
      target: { by: 'handle', handle: '@東京_music' },
    })
    expect(parseChannelLookup('user/RickAstleyVEVO')).toEqual({
      ok: true,
      target: { by: 'username', username: 'RickAstleyVEVO' },
    })
    expect(parseChannelLookup('RickAstleyVEVO', 'username')).toEqual({
      ok: true,
      target: { by: 'username', username: 'RickAstleyVEVO' },
    })
  })

  it('does not mistake an 11-character name for a video id', () => {
    expect(parseChannelLookup('RickAstley1')).toEqual({
      ok: true,
      target: { by: 'handle', handle: '@RickAstley1' },
    })
    expect(parseChannelLookup('UCLA_fans')).toEqual({
      ok: true,
      target: { by: 'handle', handle: '@UCLA_fans' },
    })
  })

  it('opens a comparison for several ids separated by commas, spaces or new lines', () => {
    expect(parseChannelLookup(`${RICK}, ${B}\n${C} ${B}`)).toEqual({
      ok: true,
      target: { by: 'ids', ids: [RICK, B, C] },
    })
    expect(parseChannelLookup(`https://www.youtube.com/channel/${RICK},${B}`)).toEqual({
      ok: true,
      target: { by: 'ids', ids: [RICK, B] },
    })
    expect(parseChannelLookup(`${RICK} ${RICK}`)).toEqual({ ok: true, target: { by: 'id', id: RICK } })
  })

  it('says what is wrong with what it cannot use', () => {
    const bad = (s: string) => {
      const r = parseChannelLookup(s)
      return r.ok ? '' : r.reason
    }
    expect(bad('')).toMatch(/channel URL/)
    expect(bad('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toMatch(/video link, not a channel link/)
    expect(bad('https://example.com/x')).toMatch(/example\.com/)
    expect(bad('@a')).toMatch(/"@a" is not a handle/)
    expect(bad('UCshort_but_looks_like_id')).toMatch(/looks like a channel id/)
    expect(bad(`${RICK} @rickastleyyt`)).toMatch(/Comparing needs channel ids.*@rickastleyyt/)
    expect(bad(Array.from({ length: 51 }, (_, i) => `UC${String(i).padStart(22, 'x')}`).join(' '))).toMatch(
      /At most 50/,
    )
  })

  it('reads words that are neither an id nor a handle as a name, and suggests it as a handle', () => {
    const r = parseChannelLookup('Rick Astley')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.reason).not.toMatch(/Compar/)
    expect(r.reason).toMatch(/"Rick Astley" is a name, not a channel id or handle/)
    expect(r.suggestion).toEqual({ by: 'handle', handle: '@rickastley' })
    const tooLong = parseChannelLookup('the quite long name of a channel nobody can use')
    expect(tooLong.ok || tooLong.suggestion).toBeFalsy()
    // A list with an id in it is still a comparison that needs ids.
    const mixed = parseChannelLookup(`${RICK} rick astley`)
    expect(mixed.ok ? '' : mixed.reason).toMatch(/Comparing needs channel ids/)
  })
})
