import { describe, expect, it } from 'vitest'
import { bulkSearchString, DEFAULT_BULK_STATE, MAX_VIDEOS, bulkPath } from '#lib/paths/bulk.ts'
import { momentUrl, videoPath, videosPath, studioSearch } from '#lib/paths/videos.ts'
import { channelsPath } from '#lib/paths/channels.ts'
import { popularPath, popularSearchParams } from '#lib/paths/popular.ts'
import { repliesPath, repliesSearchString } from '#lib/paths/replies.ts'
import { signInPath, safeReturnPath } from '#lib/routes.ts'
import { spendPath, spendSearchParams } from '#lib/paths/spend.ts'
import { pasteTargetUrl } from '#lib/paths/paste.ts'
import { roundCoordinate, searchPath } from '#lib/paths/search.ts'
import { parseBulkSearch } from '#lib/paths-parse/bulk.ts'
import { parseChannelRoute } from '#lib/paths-parse/channels.ts'
import { parseDecimal, parseSearchUrl } from '#lib/paths-parse/search.ts'
import { parsePopularSearch } from '#lib/paths-parse/popular.ts'
import { parseRepliesSearch } from '#lib/paths-parse/replies.ts'
import { parseSpendSearch } from '#lib/paths-parse/spend.ts'
import { parseStudioSearch } from '#lib/paths-parse/videos.ts'

const parse = (qs: string) => parseSearchUrl(new URLSearchParams(qs))

describe('parseSearchUrl (URL → state)', () => {
  it('reads a complete search', () => {
    const s = parse('location=48.8566,2.3522&radius=10&unit=km&q=metro&sort=date')
    expect(s.search).toEqual({ lat: 48.8566, lng: 2.3522, radius: 10, unit: 'km' })
    expect(s.raw).toEqual({ location: '48.8566,2.3522', radius: '10', unit: 'km' })
    expect(s.q).toBe('metro')
    expect(s.sort).toBe('date')
    expect(s.problem).toBeUndefined()
  })

  it('has no search and no problem without a location; the form gets the default radius', () => {
    const s = parse('')
    expect(s.search).toBeUndefined()
    expect(s.problem).toBeUndefined()
    expect(s.raw).toEqual({ location: '', radius: '10', unit: 'km' })
    expect(s.sort).toBe('relevance')
  })

  it('accepts every unit and defaults to km', () => {
    expect(parse('location=1,2&radius=5&unit=mi').search?.unit).toBe('mi')
    expect(parse('location=1,2&radius=500&unit=FT').search).toEqual({
      lat: 1,
      lng: 2,
      radius: 500,
      unit: 'ft',
    })
    expect(parse('location=1,2&radius=5').search?.unit).toBe('km')
  })

  it('refuses a radius over 1000 km in any unit, with the limit in that unit', () => {
    const s = parse('location=48.8566,2.3522&radius=700&unit=mi')
    expect(s.search).toBeUndefined()
    expect(s.problem).toBe('The radius can be at most 1000 km (621.371 mi).')
    expect(s.raw.radius).toBe('700')
    expect(parse('location=1,2&radius=1000&unit=km').search?.radius).toBe(1000)
  })

  it('refuses 0, negatives, words, bad units and bad coordinates, naming what is wrong', () => {
    expect(parse('location=1,2&radius=0&unit=km').problem).toBe('The radius must be greater than 0.')
    expect(parse('location=1,2&radius=-3&unit=km').problem).toMatch(
      /radius "-3" is not a number|greater than 0/,
    )
    expect(parse('location=1,2&radius=ten&unit=km').problem).toBe('The radius "ten" is not a number.')
    expect(parse('location=1,2&radius=3&unit=yd').problem).toBe('The unit "yd" is not one of km, m, mi, ft.')
    expect(parse('location=91,2&radius=3').problem).toBe('Latitude must be a number from -90 to 90.')
    expect(parse('location=paris&radius=3').problem).toMatch(/^location must be/)
    expect(parse('location=1,2').problem).toBe(
      'The link has a location but no radius; press Search to use 10 km.',
    )
  })

  it('ignores an unknown sort', () => {
    expect(parse('sort=views').sort).toBe('relevance')
  })

  it('rounds coordinates to 5 decimals', () => {
    expect(parse('location=48.856612345,2.35221999&radius=1').search).toMatchObject({
      lat: 48.85661,
      lng: 2.35222,
    })
  })
})

describe('searchPath (state → URL)', () => {
  it('writes a readable URL that parses back to the same search and view', () => {
    const url = searchPath(
      { lat: 48.8566, lng: 2.3522, radius: 6.2, unit: 'mi' },
      { q: 'café & bar', sort: 'title' },
    )
    expect(url).toBe('/search?location=48.8566,2.3522&radius=6.2&unit=mi&q=caf%C3%A9%20%26%20bar&sort=title')
    const back = parseSearchUrl(new URL(url, 'http://x').searchParams)
    expect(back.search).toEqual({ lat: 48.8566, lng: 2.3522, radius: 6.2, unit: 'mi' })
    expect(back.q).toBe('café & bar')
    expect(back.sort).toBe('title')
  })

  it('leaves out the default view', () => {
    expect(
      searchPath({ lat: -33.9249, lng: 18.4241, radius: 500, unit: 'm' }, { q: '', sort: 'relevance' }),
    ).toBe('/search?location=-33.9249,18.4241&radius=500&unit=m')
  })
})

describe('helpers', () => {
  it('parseDecimal takes plain decimals only', () => {
    expect(parseDecimal('10')).toBe(10)
    expect(parseDecimal(' -2.5 ')).toBe(-2.5)
    expect(parseDecimal('.5')).toBe(0.5)
    for (const bad of ['', '1e3', '0x10', '1,5', '10km', 'NaN', 'Infinity'])
      expect(parseDecimal(bad)).toBeUndefined()
  })

  it('roundCoordinate never gives -0', () => {
    expect(Object.is(roundCoordinate(-0.000001), 0)).toBe(true)
    expect(roundCoordinate(2.352219)).toBe(2.35222)
  })
})

describe('parseStudioSearch', () => {
  it('reads lang, mode, t and q', () => {
    expect(parseStudioSearch(new URLSearchParams('lang=es-419&mode=force-whisper&t=83&q=never'))).toEqual({
      state: { lang: 'es-419', mode: 'force-whisper', t: 83, q: 'never' },
      problems: [],
    })
  })

  it('uses defaults and accepts the platform’s time forms', () => {
    expect(parseStudioSearch(new URLSearchParams('')).state).toEqual({ mode: 'default', q: '' })
    expect(parseStudioSearch(new URLSearchParams('t=1m23s')).state.t).toBe(83)
  })

  it('drops bad values and names each one', () => {
    const { state, problems } = parseStudioSearch(new URLSearchParams('lang=klingon&mode=loud&t=soon'))
    expect(state).toEqual({ mode: 'default', q: '' })
    expect(problems).toHaveLength(3)
    expect(problems[0]).toMatch(/lang "klingon"/)
    expect(problems[1]).toMatch(/mode "loud"/)
    expect(problems[2]).toMatch(/t "soon"/)
  })
})

describe('studioSearch', () => {
  it('writes the state back, always naming the mode', () => {
    expect(studioSearch({ mode: 'default', q: '' })).toBe('?mode=default')
    expect(studioSearch({ lang: 'fr', mode: 'fallback-auto-translated', t: 12.7, q: 'a b' })).toBe(
      '?lang=fr&mode=fallback-auto-translated&t=12&q=a+b',
    )
  })

  it('round-trips through parse', () => {
    const state = { lang: 'ja' as const, mode: 'default' as const, t: 3600, q: '愛' }
    expect(parseStudioSearch(new URLSearchParams(studioSearch(state))).state).toEqual(state)
  })
})

describe('momentUrl', () => {
  it('sets t= in whole seconds and keeps the rest of the URL', () => {
    expect(momentUrl('http://x.test/videos/dQw4w9WgXcQ?lang=en&mode=default&t=5', 83.9)).toBe(
      'http://x.test/videos/dQw4w9WgXcQ?lang=en&mode=default&t=83',
    )
    expect(momentUrl('http://x.test/videos/dQw4w9WgXcQ', -2)).toBe('http://x.test/videos/dQw4w9WgXcQ?t=0')
  })
})

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

describe('pasteTargetUrl', () => {
  it('routes every kind of target to its view', () => {
    expect(pasteTargetUrl({ kind: 'video', videoId: 'dQw4w9WgXcQ', t: 43 })).toBe('/videos/dQw4w9WgXcQ?t=43')
    expect(pasteTargetUrl({ kind: 'channel', by: 'handle', handle: '@abc' })).toBe('/channels/@abc')
    expect(pasteTargetUrl({ kind: 'channel', by: 'handle', handle: '@東京' })).toBe(
      '/channels/@%E6%9D%B1%E4%BA%AC',
    )
    expect(pasteTargetUrl({ kind: 'channel', by: 'username', username: 'Rick' })).toBe('/channels/user/Rick')
    expect(pasteTargetUrl({ kind: 'comment', parentId: 'P', replyId: 'P.x' })).toBe('/replies/P?reply=P.x')
    expect(pasteTargetUrl({ kind: 'location', lat: 1, lng: 2 })).toBe(
      '/search?location=1,2&radius=10&unit=km',
    )
  })
})

describe('popular URL state', () => {
  it('reads filters, sort and auto-load from the URL and writes them back', () => {
    const sp = new URLSearchParams('category=10&min=2&max=7.5&q=live%20music&sort=views&auto=1')
    const { state, problems } = parsePopularSearch(sp)
    expect(problems).toEqual([])
    expect(state).toEqual({
      category: '10',
      minMinutes: 2,
      maxMinutes: 7.5,
      q: 'live music',
      sort: 'views',
      auto: true,
    })
    expect(popularSearchParams(state).toString()).toBe(
      'category=10&min=2&max=7.5&q=live+music&sort=views&auto=1',
    )
    expect(popularPath(state)).toBe('/popular?category=10&min=2&max=7.5&q=live+music&sort=views&auto=1')
  })

  it('keeps plain /popular plain', () => {
    const { state } = parsePopularSearch(new URLSearchParams())
    expect(popularSearchParams(state).toString()).toBe('')
    expect(popularPath(state)).toBe('/popular')
  })

  it('names every value it ignores', () => {
    const { state, problems } = parsePopularSearch(
      new URLSearchParams('category=music&min=-1&max=abc&sort=random&auto=yes'),
    )
    expect(state).toEqual({ q: '', sort: 'rank', auto: false })
    expect(problems).toHaveLength(5)
    expect(problems.join(' ')).toMatch(/category=music.*min=-1.*max=abc.*sort=random.*auto=yes/)
  })

  it('keeps a reversed duration range as typed but says it is not applied', () => {
    const { state, problems } = parsePopularSearch(new URLSearchParams('min=10&max=3'))
    expect(state).toMatchObject({ minMinutes: 10, maxMinutes: 3 })
    expect(problems[0]).toContain('min=10 is more than max=3')
  })
})

const parseBulk = (qs: string) => parseBulkSearch(new URLSearchParams(qs))

describe('bulk URL state', () => {
  it('reads ids (as the search and popular views link them), selection, formats, languages, mode and parallelism', () => {
    const { state, problems } = parseBulk(
      'ids=dQw4w9WgXcQ,Jp4cK9tRz1U,Zp3xQe9LbTg&off=Jp4cK9tRz1U&formats=vtt,srt&langs=en,fr&mode=force-whisper&files=converted&parallel=2',
    )
    expect(problems).toEqual([])
    expect(state).toEqual({
      ids: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U', 'Zp3xQe9LbTg'],
      excluded: ['Jp4cK9tRz1U'],
      formats: ['vtt', 'srt'],
      languages: ['en', 'fr'],
      mode: 'force-whisper',
      files: 'converted',
      parallel: 2,
    })
  })

  it('defaults to each video’s default language, mode default and 4 parallel requests', () => {
    expect(parseBulk('')).toEqual({ state: DEFAULT_BULK_STATE, problems: [] })
    expect(parseBulk('langs=default').state.languages).toBe('default')
  })

  it('names every ignored value and merges repeated ids', () => {
    const { state, problems } = parseBulk(
      'ids=dQw4w9WgXcQ,bad,dQw4w9WgXcQ&formats=srt,docx&langs=en,xx&mode=loud&files=cheap&parallel=99',
    )
    expect(state.ids).toEqual(['dQw4w9WgXcQ'])
    expect(state.formats).toEqual(['srt'])
    expect(state.languages).toEqual(['en'])
    expect(state.mode).toBe('default')
    expect(state.parallel).toBe(4)
    expect(state.files).toBe('exact')
    expect(problems).toEqual([
      expect.stringMatching(/"bad" in ids/),
      expect.stringMatching(/format "docx"/),
      expect.stringMatching(/language "xx"/),
      expect.stringMatching(/mode "loud"/),
      expect.stringMatching(/files=cheap/),
      expect.stringMatching(/parallel=99/),
    ])
  })

  it(`keeps at most ${MAX_VIDEOS} videos and says so`, () => {
    const ids = Array.from({ length: MAX_VIDEOS + 3 }, (_, i) => `v${String(i).padStart(10, '0')}`)
    const { state, problems } = parseBulk(`ids=${ids.join(',')}`)
    expect(state.ids).toHaveLength(MAX_VIDEOS)
    expect(problems[0]).toMatch(/first 500 of 503/)
  })

  it('writes the state back with readable commas, defaults left out, round-tripping', () => {
    const state = {
      ...DEFAULT_BULK_STATE,
      ids: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U'],
      excluded: ['Jp4cK9tRz1U'],
      formats: ['srt' as const, 'json' as const],
      languages: ['en' as const, 'es-419' as const],
      files: 'converted' as const,
    }
    const qs = bulkSearchString(state)
    expect(qs).toBe(
      '?ids=dQw4w9WgXcQ,Jp4cK9tRz1U&off=Jp4cK9tRz1U&formats=srt,json&langs=en,es-419&files=converted',
    )
    expect(parseBulk(qs.slice(1)).state).toEqual(state)
    expect(bulkSearchString(DEFAULT_BULK_STATE)).toBe('')
    expect(bulkPath({ ids: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U'] })).toBe('/bulk?ids=dQw4w9WgXcQ,Jp4cK9tRz1U')
    expect(bulkPath()).toBe('/bulk')
  })
})

describe('safeReturnPath', () => {
  it('keeps a path of this dashboard with its query and hash', () => {
    expect(safeReturnPath('/search?location=48.8566,2.3522&radius=25&unit=km')).toBe(
      '/search?location=48.8566,2.3522&radius=25&unit=km',
    )
    expect(safeReturnPath('/videos/dQw4w9WgXcQ?t=43#x')).toBe('/videos/dQw4w9WgXcQ?t=43#x')
  })

  it('refuses other origins, odd schemes and the sign-in page itself', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
      '/sign-in?next=/x',
    ]) {
      expect(safeReturnPath(bad)).toBe('/')
    }
  })

  it('builds the sign-in URL that returns there', () => {
    expect(signInPath('/spend?page=2')).toBe('/sign-in?next=%2Fspend%3Fpage%3D2')
    expect(signInPath('/')).toBe('/sign-in')
    expect(signInPath()).toBe('/sign-in')
  })
})

describe('replies URL state', () => {
  it('reads every value and writes format always, the rest only when not default', () => {
    const reply = 'UgzABCDEFGHIJKLMNOPQRSTU.9abcdefghijklmnopqrstu'
    const { state, problems } = parseRepliesSearch(
      new URLSearchParams(`format=plainText&view=flat&sort=liked&q=hi&reply=${reply}`),
    )
    expect(problems).toEqual([])
    expect(state).toEqual({ format: 'plainText', view: 'flat', sort: 'liked', q: 'hi', reply })
    expect(repliesSearchString(state)).toBe(`?format=plainText&view=flat&sort=liked&q=hi&reply=${reply}`)
    expect(repliesSearchString({ format: 'html', view: 'tree', sort: 'oldest', q: '' })).toBe('?format=html')
  })

  it('falls back to the default and names each bad value', () => {
    const { state, problems } = parseRepliesSearch(
      new URLSearchParams('format=pdf&view=grid&sort=random&reply=nope'),
    )
    expect(state).toEqual({ format: 'html', view: 'tree', sort: 'oldest', q: '' })
    expect(problems).toEqual([
      'format=pdf is not one of html, plainText; showing html.',
      'view=grid is not one of tree, flat; showing tree.',
      'sort=random is not one of oldest, newest, liked; showing oldest.',
      'reply=nope is not a reply id (<comment id>.<22 characters>); nothing is highlighted.',
    ])
  })

  it('builds the view URL of a comment', () => {
    expect(repliesPath()).toBe('/replies')
    expect(repliesPath('UgzABCDEFGHIJKLMNOPQRSTU', { format: 'html', sort: 'newest' })).toBe(
      '/replies/UgzABCDEFGHIJKLMNOPQRSTU?format=html&sort=newest',
    )
  })
})

describe('spend URL state', () => {
  it('reads page, operation and state, and drops what it cannot read', () => {
    expect(parseSpendSearch(new URLSearchParams('op=GET+%2Fsearch&state=pending&page=2'))).toEqual({
      page: 2,
      operation: 'GET /search',
      state: 'pending',
    })
    expect(parseSpendSearch(new URLSearchParams('op=DROP&state=HIT&page=0&cache=HIT'))).toEqual({ page: 1 })
  })

  it('writes only what is set', () => {
    expect(spendSearchParams({ page: 2, operation: 'GET /search', state: 'failed' }).toString()).toBe(
      'op=GET+%2Fsearch&state=failed&page=2',
    )
    expect(spendPath({ page: 1 })).toBe('/spend')
    expect(spendPath()).toBe('/spend')
  })
})

describe('video URLs', () => {
  it('writes only the given values', () => {
    expect(videosPath()).toBe('/videos')
    expect(videoPath('dQw4w9WgXcQ')).toBe('/videos/dQw4w9WgXcQ')
    expect(videoPath('dQw4w9WgXcQ', { t: 43 })).toBe('/videos/dQw4w9WgXcQ?t=43')
    expect(videoPath('dQw4w9WgXcQ', { lang: 'fr', mode: 'default', q: 'a b' })).toBe(
      '/videos/dQw4w9WgXcQ?lang=fr&mode=default&q=a+b',
    )
  })
})
