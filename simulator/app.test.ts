import { describe, expect, it } from 'vitest'
import { CaptionFileList, CaptionItems, PLATFORM_URL_FORMATS, PopularPage, priceOf } from '#contract/index.ts'
import {
  ANCHOR_COMMENT_ID,
  ANCHOR_VIDEO_ID,
  LONG_VIDEO_ID,
  NO_CAPTIONS_VIDEO_ID,
  RTL_VIDEO_ID,
} from './data/anchors.ts'
import { getDataset } from './data/dataset.ts'
import { COST_HEADER, createSimulator } from './app.ts'
import { call, okJson, status, TEST_BASE_URL, testSimulator } from './testing/test-client.ts'
import { callKey } from './stats.ts'

const data = getDataset()

describe('GET /popularVideos', () => {
  const sim = testSimulator()

  it('pages every video, 50 at a time, most viewed first, with every field of spec 2.2', async () => {
    const items: PopularPage['data'] = []
    let token: string | undefined
    let pages = 0
    do {
      const page = PopularPage.parse(await okJson(sim, `/popularVideos${token ? `?pageToken=${token}` : ''}`))
      expect(page.totalResults).toBe(data.videos.length)
      expect(page.data.length).toBe(page.nextPageToken ? 50 : data.videos.length % 50 || 50)
      items.push(...page.data)
      token = page.nextPageToken
      pages++
    } while (token && pages < 40)
    expect(items).toHaveLength(data.videos.length)
    expect(items[0]!.id).toBe(ANCHOR_VIDEO_ID)
    const views = items.map((v) => Number(v.viewCount))
    for (let i = 1; i < views.length; i++) expect(views[i]!).toBeLessThanOrEqual(views[i - 1]!)
    const long = items.find((v) => v.id === LONG_VIDEO_ID)!
    expect(long).toMatchObject({ duration: 'PT8H2M11S', parsedDuration: 8 * 3600 + 2 * 60 + 11 })
  })

  it('writes all fields with the base URL and real-ish thumbnails', async () => {
    const [first] = PopularPage.parse(await okJson(sim, '/popularVideos')).data
    for (const key of [
      'tags',
      'categoryId',
      'categoryTitle',
      'viewCount',
      'likeCount',
      'commentCount',
      'topicCategories',
      'uploadStatus',
      'privacyStatus',
      'license',
      'embeddable',
      'publicStatsViewable',
      'madeForKids',
      'hasPaidProductPlacement',
      'duration',
      'parsedDuration',
    ]) {
      expect(first).toHaveProperty(key)
    }
    expect(first).toMatchObject({
      captionsUrl: `${TEST_BASE_URL}/captions/${ANCHOR_VIDEO_ID}`,
      videoFileUrl: `${TEST_BASE_URL}/files/video/${ANCHOR_VIDEO_ID}`,
      audioFileUrl: `${TEST_BASE_URL}/files/audio/${ANCHOR_VIDEO_ID}`,
      duration: 'PT3M33S',
      parsedDuration: 213,
    })
    expect(first!.thumbnails.maxres).toEqual({
      url: `https://i.ytimg.com/vi/${ANCHOR_VIDEO_ID}/maxresdefault.jpg`,
      width: 1280,
      height: 720,
    })
    expect(first!.topicCategories!.every((u) => u.startsWith('https://en.wikipedia.org/wiki/'))).toBe(true)
    expect(first!.description).toMatch(/\nhttps:\/\//)
  })

  it("regionCode puts the region's channels first and names the region; a malformed one is refused", async () => {
    const world = PopularPage.parse(await okJson(sim, '/popularVideos'))
    const jp = PopularPage.parse(await okJson(sim, '/popularVideos?regionCode=jp'))
    expect(jp.regionCode).toBe('JP')
    expect(world).not.toHaveProperty('regionCode')
    expect(jp.totalResults).toBe(world.totalResults) // every region has a whole chart
    const countries = jp.data.map((v) => data.channel(v.channelId)!.country)
    const local = countries.filter((c) => c === 'JP').length
    expect(local).toBeGreaterThan(0)
    expect(countries.slice(0, local).every((c) => c === 'JP')).toBe(true)
    const views = jp.data.slice(0, local).map((v) => Number(v.viewCount))
    expect(views).toEqual([...views].sort((a, b) => b - a))
    expect((await status(sim, '/popularVideos?regionCode=JPN')).status).toBe(400)
  })

  it('hl localizes the category titles it knows and leaves everything else as it was', async () => {
    const world = PopularPage.parse(await okJson(sim, '/popularVideos'))
    const fr = PopularPage.parse(await okJson(sim, '/popularVideos?hl=fr-CA'))
    expect(fr.data.map((v) => v.id)).toEqual(world.data.map((v) => v.id))
    const music = fr.data.findIndex((v) => v.categoryId === world.data[0]!.categoryId)
    expect(world.data[music]!.categoryTitle).toBe('Music')
    expect(fr.data[music]!.categoryTitle).toBe('Musique')
    expect(await okJson(sim, '/popularVideos?hl=it')).toEqual(await okJson(sim, '/popularVideos'))
    expect((await status(sim, '/popularVideos?hl=xx')).status).toBe(400)
  })

  it('refuses a page token of another region', async () => {
    const token = PopularPage.parse(await okJson(sim, '/popularVideos')).nextPageToken!
    expect((await status(sim, `/popularVideos?regionCode=GB&pageToken=${token}`)).status).toBe(400)
  })
})

describe('GET /captions/{videoId} and /files/captions/{videoId}', () => {
  const sim = testSimulator()

  it('answers JSON caption items in the default (first) language', async () => {
    const items = CaptionItems.parse(await okJson(sim, `/captions/${RTL_VIDEO_ID}`))
    expect(items.length).toBeGreaterThan(0)
    expect(new Set(items.map((i) => i.lang))).toEqual(new Set(['ar']))
  })

  it('answers other formats with their content type', async () => {
    const res = await call(sim, `/captions/${ANCHOR_VIDEO_ID}?format=vtt&lang=fr`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/vtt/)
    expect(await res.text()).toMatch(/^WEBVTT/)
  })

  it.each([
    [`/captions/${ANCHOR_VIDEO_ID}?lang=ko`, 404],
    [`/captions/${NO_CAPTIONS_VIDEO_ID}`, 404],
    ['/captions/AAAAAAAAAAA', 404],
    ['/captions/short', 400],
    [`/captions/${ANCHOR_VIDEO_ID}?format=docx`, 400],
    [`/captions/${ANCHOR_VIDEO_ID}?lang=klingon`, 400],
    [`/captions/${ANCHOR_VIDEO_ID}?mode=always`, 400],
    ['/files/captions/AAAAAAAAAAA', 404],
    [`/files/captions/${ANCHOR_VIDEO_ID}?format=docx`, 400],
  ])('%s → %i with a message', async (path, code) => {
    const res = await status(sim, path)
    expect(res.status).toBe(code)
    expect(JSON.parse(res.body).message.length).toBeGreaterThan(10)
  })

  it('transcribes a video without captions when asked to', async () => {
    expect(
      CaptionItems.parse(await okJson(sim, `/captions/${NO_CAPTIONS_VIDEO_ID}?mode=fallback-whisper`)).length,
    ).toBeGreaterThan(0)
  })

  it('lists one file per track and format, with staticUrl on the base URL', async () => {
    const list = CaptionFileList.parse(await okJson(sim, `/files/captions/${ANCHOR_VIDEO_ID}`))
    expect(list).toHaveLength(6 * 11)
    expect(list.filter((e) => e.url).length).toBe(6 * PLATFORM_URL_FORMATS.length)
    expect(list[0]!.staticUrl!.startsWith(`${TEST_BASE_URL}/captions/${ANCHOR_VIDEO_ID}?format=`)).toBe(true)
    const srtJa = CaptionFileList.parse(
      await okJson(sim, `/files/captions/${ANCHOR_VIDEO_ID}?format=srt&lang=ja`),
    )
    expect(srtJa.map((e) => [e.languageCode, e.format])).toEqual([['ja', 'srt']])
    expect(await okJson(sim, `/files/captions/${NO_CAPTIONS_VIDEO_ID}`)).toEqual([])
  })
})

describe('auth, prices and statistics', () => {
  it('answers 403 JSON without a token or with a wrong one, and charges nothing', async () => {
    const sim = testSimulator()
    for (const headers of [
      { Authorization: '' },
      { Authorization: 'Bearer wrong' },
      { Authorization: 'Basic cG9peDo=' },
    ]) {
      const res = await call(sim, '/popularVideos', { headers })
      expect(res.status).toBe(403)
      expect((await res.json()).error).toMatch(/token/i)
      expect(res.headers.get(COST_HEADER)).toBe('0')
    }
    expect(sim.stats()).toEqual({ calls: 3, costUsd: 0, byOperation: { 'GET /popularVideos': 3 } })
  })

  it('accepts a custom token', async () => {
    const sim = createSimulator({ token: 'poix-other' })
    expect(
      (
        await sim.fetch(
          new Request('http://x/popularVideos', { headers: { Authorization: 'Bearer poix-other' } }),
        )
      ).status,
    ).toBe(200)
    expect((await call(sim, '/popularVideos')).status).toBe(403)
  })

  it('prices each answered request, counts calls per operation, and resets', async () => {
    const sim = testSimulator()
    const paid = [
      ['/search?location=48.8566,2.3522&locationRadius=25km&type=video', 'GET /search'],
      ['/popularVideos', 'GET /popularVideos'],
      [`/captions/${ANCHOR_VIDEO_ID}`, 'GET /captions/{videoId}'],
      [`/files/captions/${ANCHOR_VIDEO_ID}`, 'GET /files/captions/{videoId}'],
      [`/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}`, 'GET /commentReplies'],
      ['/channels?forHandle=rickastleyyt', 'GET /channels'],
    ] as const
    for (const [path, operation] of paid) {
      const res = await call(sim, path)
      expect(res.status).toBe(200)
      expect(Number(res.headers.get(COST_HEADER))).toBe(priceOf(operation))
    }
    const failed = await call(sim, '/search?type=video')
    expect(failed.headers.get(COST_HEADER)).toBe('0')
    const stats = sim.stats()
    expect(stats.calls).toBe(7)
    expect(stats.byOperation['GET /search']).toBe(2)
    expect(stats.costUsd).toBeCloseTo(0.00203 + 0.00013 + 0.00053 + 0.00053 + 0.00013 + 0.00013, 10)
    sim.resetStats()
    expect(sim.stats()).toEqual({ calls: 0, costUsd: 0, byOperation: {} })
  })

  it('logs each call by its key: method, path and its query sorted, whatever order it was sent in', async () => {
    const sim = testSimulator()
    await call(sim, '/search?type=video&location=48.8566,2.3522&locationRadius=5km')
    await call(sim, '/captions/dQw4w9WgXcQ?mode=default&format=json')
    await call(sim, '/nowhere?x=1') // no operation: neither counted nor logged
    expect(sim.callLog()).toEqual({
      calls: [
        {
          key: 'GET /search?location=48.8566%2C2.3522&locationRadius=5km&type=video',
          operation: 'GET /search',
        },
        { key: 'GET /captions/dQw4w9WgXcQ?format=json&mode=default', operation: 'GET /captions/{videoId}' },
      ],
      dropped: 0,
    })
    expect(
      callKey('get', '/search', [
        ['type', 'video'],
        ['location', '48.8566,2.3522'],
        ['locationRadius', '5km'],
      ]),
    ).toBe(sim.callLog().calls[0]!.key)
    sim.resetStats()
    expect(sim.callLog()).toEqual({ calls: [], dropped: 0 })
  })

  it('answers unknown paths and other methods with plain-text 404, uncounted', async () => {
    const sim = testSimulator()
    for (const [path, method] of [
      ['/videos', 'GET'],
      ['/search', 'POST'],
      ['/files/video/dQw4w9WgXcQ', 'GET'],
    ] as const) {
      const res = await call(sim, path, { method })
      expect(res.status).toBe(404)
      expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/)
    }
    expect(sim.stats().calls).toBe(0)
  })

  it('uses the request origin as base URL when none is configured', async () => {
    const sim = createSimulator()
    const res = await sim.app.request('/popularVideos', {
      headers: { Authorization: 'Bearer poix-demo-token' },
    })
    expect(PopularPage.parse(await res.json()).data[0]!.captionsUrl).toBe(
      `http://localhost/captions/${ANCHOR_VIDEO_ID}`,
    )
  })
})

describe('determinism', () => {
  it('gives identical bodies from two simulators', async () => {
    const a = testSimulator()
    const b = testSimulator()
    for (const path of [
      '/search?location=35.6762,139.6503&locationRadius=50km&type=video',
      '/popularVideos',
      `/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}&format=html`,
      '/channels?forHandle=rickastleyyt&hl=ar',
      `/captions/${ANCHOR_VIDEO_ID}?format=srv3&lang=ja`,
      `/files/captions/${RTL_VIDEO_ID}`,
    ]) {
      const [x, y] = await Promise.all([call(a, path), call(b, path)])
      expect(x.status).toBe(200)
      expect(await x.text()).toBe(await y.text())
    }
  })
})
