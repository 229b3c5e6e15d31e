import { describe, expect, it } from 'vitest'
import { channelsPath, parseChannelRoute } from './channels.ts'

const RICK = 'UCuAXFkgsw1L7xaCfnd5JJOw'
const B = 'UCaaaaaaaaaaaaaaaaaaaaaa'
const sp = (s = '') => new URLSearchParams(s)

describe('parseChannelRoute', () => {
  it('reads each channel URL form', () => {
    expect(parseChannelRoute({ channelRef: RICK }, sp()).view).toEqual({
      kind: 'one',
      ref: { by: 'id', id: RICK },
    })
    expect(parseChannelRoute({ channelRef: '@rickastleyyt' }, sp()).view).toEqual({
      kind: 'one',
      ref: { by: 'handle', handle: '@rickastleyyt' },
    })
    expect(parseChannelRoute({ username: 'RickAstleyVEVO' }, sp()).view).toEqual({
      kind: 'one',
      ref: { by: 'username', username: 'RickAstleyVEVO' },
    })
    expect(parseChannelRoute({}, sp(`ids=${RICK},${B}`)).view).toEqual({ kind: 'compare', ids: [RICK, B] })
    expect(parseChannelRoute({}, sp(`ids=${RICK}`)).view).toEqual({
      kind: 'one',
      ref: { by: 'id', id: RICK },
    })
    expect(parseChannelRoute({}, sp()).view).toEqual({ kind: 'lookup' })
  })

  it('keeps a known hl and names an unknown one', () => {
    expect(parseChannelRoute({ channelRef: RICK }, sp('hl=ja'))).toMatchObject({ hl: 'ja', problems: [] })
    const r = parseChannelRoute({ channelRef: RICK }, sp('hl=klingon'))
    expect(r.hl).toBeUndefined()
    expect(r.problems[0]).toContain('hl=klingon')
    expect(parseChannelRoute({ channelRef: RICK }, sp('hl=en-US')).hl).toBeUndefined()
  })

  it('explains a URL that names no channel', () => {
    expect(parseChannelRoute({ channelRef: 'rickastleyyt' }, sp()).view).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('neither a channel id'),
    })
    expect(parseChannelRoute({ channelRef: '@x' }, sp()).view).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('not a handle'),
    })
    expect(parseChannelRoute({}, sp('ids=nope,UCx')).view).toMatchObject({ kind: 'invalid' })
  })
})

describe('channelTargetUrl', () => {
  it('routes each form and keeps the language', () => {
    expect(channelsPath({ by: 'id', id: RICK })).toBe(`/channels/${RICK}`)
    expect(channelsPath({ by: 'handle', handle: '@rickastleyyt' }, 'ja')).toBe(
      '/channels/@rickastleyyt?hl=ja',
    )
    expect(channelsPath({ by: 'handle', handle: '@東京_music' })).toBe(
      `/channels/@${encodeURIComponent('東京_music')}`,
    )
    expect(channelsPath({ by: 'username', username: 'RickAstleyVEVO' })).toBe('/channels/user/RickAstleyVEVO')
    expect(channelsPath({ by: 'ids', ids: [RICK, B] }, 'fr')).toBe(`/channels?ids=${RICK},${B}&hl=fr`)
    expect(channelsPath()).toBe('/channels')
  })
})
