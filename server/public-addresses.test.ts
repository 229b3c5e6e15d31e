import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTION_FORMATS } from '#contract/index.ts'
import { createSimulator, type Simulator } from '#simulator/app.ts'
import { ANCHOR_COMMENT_ID, ANCHOR_VIDEO_ID } from '#simulator/data/anchors.ts'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'
import { loadConfig } from './config.ts'
import { createRuntime } from './runtime.ts'

/** Distinctive path segments: no data of the simulator can contain them by chance. */
const LIVE_PREFIX = '/svc-base-7e1f0c'
const DEMO_BASE = 'https://demo-base-4b9d.poix.invalid/v9'

type Runtime = ReturnType<typeof createRuntime>
type Answer = { url: string; status: number; contentType: string; body: string }

/** Every route answers: search and popular pages, captions in every format, file lists, channels, replies, quote, spend, health, an error. */
async function everyRoute(runtime: Runtime): Promise<Answer[]> {
  const answers: Answer[] = []
  const get = async (url: string): Promise<Answer> => {
    const res = await runtime.app.request(url)
    const a = {
      url,
      status: res.status,
      contentType: res.headers.get('Content-Type') ?? '',
      body: await res.text(),
    }
    answers.push(a)
    return a
  }
  const next = (a: Answer) => (JSON.parse(a.body) as { nextPageToken?: string }).nextPageToken
  const search = await get('/api/search?location=48.8566,2.3522&locationRadius=50km&type=video')
  const searchNext = next(search)
  if (searchNext)
    await get(`/api/search?location=48.8566,2.3522&locationRadius=50km&type=video&pageToken=${searchNext}`)
  const popular = await get('/api/popularVideos')
  await get(`/api/popularVideos?pageToken=${next(popular)}`)
  await get(`/api/captions/${ANCHOR_VIDEO_ID}`)
  for (const format of CAPTION_FORMATS) await get(`/api/captions/${ANCHOR_VIDEO_ID}?format=${format}&lang=en`)
  await get(`/api/captions/${ANCHOR_VIDEO_ID}?lang=zu`) // no such track: an error answer
  await get(`/api/files/captions/${ANCHOR_VIDEO_ID}`)
  await get(`/api/files/captions/${ANCHOR_VIDEO_ID}?format=srt`)
  const channel = await get('/api/channels?forHandle=@rickastleyyt')
  const channelId = (JSON.parse(channel.body) as { data: { id: string }[] }).data[0]!.id
  await get(`/api/channels?ids=${channelId}&hl=fr`)
  const replies = await get(`/api/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}`)
  await get(`/api/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}&pageToken=${next(replies)}`)
  await get(`/api/quote?path=${encodeURIComponent('/api/popularVideos')}`)
  await get(`/api/spend?limit=1000`)
  await get('/api/health')
  return answers
}

/** The one deliberate exception: where exports cite their data source (health's dataSource.url, spend's source labels). */
function withoutCitations(a: Answer): unknown {
  const body = JSON.parse(a.body) as Record<string, unknown>
  if (a.url === '/api/health') {
    const dataSource = body.dataSource as { url: string | null } | undefined
    delete body.dataSource
    return { body, cited: dataSource?.url ?? null }
  }
  if (a.url.startsWith('/api/spend')) {
    const source = body.source as { label: string }
    const bySource = body.bySource as { source: string; label: string }[]
    const cited = [source.label, ...bySource.flatMap((s) => [s.source, s.label])]
    delete (body.source as Partial<typeof source>).label
    for (const s of bySource) {
      delete (s as Partial<typeof s>).source
      delete (s as Partial<typeof s>).label
    }
    return { body, cited }
  }
  return { body, cited: null }
}

const citesSource = (a: Answer) => a.url === '/api/health' || a.url.startsWith('/api/spend')

function expectNoServiceAddress(answers: Answer[], base: string, marker: string, exceptCitations: boolean) {
  for (const a of answers) {
    if (!exceptCitations || !citesSource(a)) {
      expect(a.body, `${a.url} (${a.status})`).not.toContain(base)
      expect(a.body, `${a.url} (${a.status})`).not.toContain(marker)
      continue
    }
    const { body } = withoutCitations(a) as { body: unknown }
    expect(JSON.stringify(body), a.url).not.toContain(marker)
  }
}

function expectMappedAddresses(answers: Answer[]) {
  const popular = answers.find((a) => a.url === '/api/popularVideos')!
  const video = (JSON.parse(popular.body) as { data: Record<string, unknown>[] }).data[0]!
  expect(video.captionsUrl).toBe(`/api/captions/${video.id as string}`)
  expect(video).not.toHaveProperty('videoFileUrl')
  expect(video).not.toHaveProperty('audioFileUrl')
  // The platform's addresses are not the service's: they stay.
  expect((video.thumbnails as Record<string, { url: string }>).default!.url).toMatch(
    /^https:\/\/i\.ytimg\.com\//,
  )
  const files = answers.find((a) => a.url === `/api/files/captions/${ANCHOR_VIDEO_ID}`)!
  const list = JSON.parse(files.body) as {
    format: string
    languageCode: string
    staticUrl: string
    url?: string
  }[]
  expect(list.length).toBeGreaterThan(0)
  for (const e of list)
    expect(e.staticUrl).toBe(
      `/api/captions/${ANCHOR_VIDEO_ID}?format=${e.format}&lang=${encodeURIComponent(e.languageCode)}`,
    )
  expect(list.some((e) => e.url?.startsWith('https://www.youtube.com/api/timedtext'))).toBe(true)
}

describe('no service address reaches the browser', () => {
  describe('live mode, the simulator over HTTP at a distinctive DATA_API_URL', () => {
    let server: ServerType
    let simulator: Simulator | undefined
    let base = ''
    let runtime: Runtime
    let answers: Answer[]
    beforeAll(async () => {
      server = await new Promise<ServerType>((resolve) => {
        const s = serve(
          {
            fetch: (req) => {
              const url = new URL(req.url)
              if (!url.pathname.startsWith(`${LIVE_PREFIX}/`))
                return new Response('not here', { status: 404 })
              url.pathname = url.pathname.slice(LIVE_PREFIX.length)
              return simulator!.app.fetch(new Request(url, req))
            },
            hostname: '127.0.0.1',
            port: 0,
          },
          () => resolve(s),
        )
      })
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${LIVE_PREFIX}`
      simulator = createSimulator({ token: SIMULATOR_TOKEN, baseUrl: base })
      const env = { DATA_API_URL: base, DATA_API_TOKEN: SIMULATOR_TOKEN, DATA_DIR: ':memory:' }
      runtime = createRuntime({ config: loadConfig(env), log: () => {} })
      answers = await everyRoute(runtime)
    })
    afterAll(async () => {
      await runtime.dispose()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    })

    it('every route answered, and the service really did send its addresses', async () => {
      const failed = answers.filter((a) => a.status !== 200 && !a.url.includes('lang=zu'))
      expect(failed.map((a) => `${a.url}: ${a.status} ${a.body.slice(0, 200)}`)).toEqual([])
      expect(answers.find((a) => a.url.includes('lang=zu'))!.status).toBe(404)
      const raw = await fetch(`${base}/files/captions/${ANCHOR_VIDEO_ID}`, {
        headers: { Authorization: `Bearer ${SIMULATOR_TOKEN}` },
      })
      expect(await raw.text()).toContain(`${base}/captions/${ANCHOR_VIDEO_ID}?format=`)
    })

    it('no body holds the base URL, except the citations of the data source, which hold exactly it', () => {
      expectNoServiceAddress(answers, base, LIVE_PREFIX, true)
      const health = withoutCitations(answers.find((a) => a.url === '/api/health')!) as {
        cited: string | null
      }
      // Health's dataSource is where exports take the source they cite (docs/decisions/0131).
      expect(health.cited).toBe(base)
      const spend = withoutCitations(answers.find((a) => a.url.startsWith('/api/spend'))!) as {
        cited: string[]
      }
      expect(spend.cited).toEqual([base, `live:${base}`, base])
    })

    it('maps captionsUrl and staticUrl to /api routes and drops the media files', async () => {
      expectMappedAddresses(answers)
      const files = answers.find((a) => a.url === `/api/files/captions/${ANCHOR_VIDEO_ID}?format=srt`)!
      const [entry] = JSON.parse(files.body) as { staticUrl: string }[]
      const res = await runtime.app.request(entry!.staticUrl)
      expect(res.status).toBe(200)
      expect(await res.text()).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /)
    })
  })

  describe('demo mode, the embedded simulator', () => {
    let runtime: Runtime
    let answers: Answer[]
    beforeAll(async () => {
      runtime = createRuntime({
        config: loadConfig({ DATA_API_URL: DEMO_BASE, DATA_DIR: ':memory:' }),
        log: () => {},
      })
      answers = await everyRoute(runtime)
    })
    afterAll(() => runtime.dispose())

    it('no body holds the simulator’s base URL, and its addresses are mapped', () => {
      expect(answers.filter((a) => a.status !== 200).map((a) => a.url)).toEqual([
        `/api/captions/${ANCHOR_VIDEO_ID}?lang=zu`,
      ])
      // The simulator's invented base is no source to cite: no exception, health and spend included.
      expectNoServiceAddress(answers, DEMO_BASE, 'demo-base-4b9d', false)
      expectMappedAddresses(answers)
    })
  })
})
