import { describe, expect, it } from 'vitest'
import { CAPTION_CONTENT_TYPES, CAPTION_FORMATS, type CaptionFormat } from '#contract/index.ts'
import { fakeUpstream, json, TEST_TOKEN } from './testing/fake-upstream.ts'

const SEARCH_PAGE = {
  regionCode: 'FR',
  totalResults: 1,
  resultsPerPage: 50,
  data: [
    {
      kind: 'youtube#video',
      videoId: 'dQw4w9WgXcQ',
      publishedAt: '2026-01-01T00:00:00Z',
      channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
      title: 't',
      description: 'd',
      thumbnails: {},
      channelTitle: 'c',
    },
  ],
}
const ok = () => json(SEARCH_PAGE)
const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; param?: string } }).error
}

describe('validation before anything is paid', () => {
  const cases: [string, string, RegExp][] = [
    ['/api/search?locationRadius=25km&type=video', 'location', /location is required/],
    [
      '/api/search?location=95,2&locationRadius=25km&type=video',
      'location',
      /Latitude must be a number from -90 to 90/,
    ],
    ['/api/search?location=45,-190&locationRadius=25km&type=video', 'location', /Longitude/],
    ['/api/search?location=paris&locationRadius=25km&type=video', 'location', /decimal degrees/],
    ['/api/search?location=48,2&type=video', 'locationRadius', /locationRadius is required/],
    ['/api/search?location=48,2&locationRadius=0km&type=video', 'locationRadius', /greater than 0/],
    ['/api/search?location=48,2&locationRadius=-3km&type=video', 'locationRadius', /locationRadius/],
    ['/api/search?location=48,2&locationRadius=1001km&type=video', 'locationRadius', /at most 1000 km/],
    ['/api/search?location=48,2&locationRadius=622mi&type=video', 'locationRadius', /621\.371 mi/],
    [
      '/api/search?location=48,2&locationRadius=5leagues&type=video',
      'locationRadius',
      /not one of km, m, mi, ft/,
    ],
    ['/api/search?location=48,2&locationRadius=5km', 'type', /type is required and must be "video"/],
    ['/api/search?location=48,2&locationRadius=5km&type=channel', 'type', /type must be "video"/],
    ['/api/search?location=48,2&locationRadius=5km&type=video&q=cats', 'q', /Unknown parameter "q"/],
    ['/api/search?location=48,2&location=1,1&locationRadius=5km&type=video', 'location', /only once/],
    [
      '/api/search?location=48,2&locationRadius=5km&type=video&pageToken=%3Cscript%3E',
      'pageToken',
      /nextPageToken/,
    ],
    ['/api/captions/short', 'videoId', /exactly 11 characters/],
    ['/api/captions/dQw4w9WgXc!', 'videoId', /exactly 11 characters/],
    ['/api/captions/dQw4w9WgXcQ?format=docx', 'format', /format "docx" is not one of json, text, csv/],
    ['/api/captions/dQw4w9WgXcQ?lang=xx', 'lang', /lang "xx" is not one of en, es/],
    ['/api/captions/dQw4w9WgXcQ?mode=magic', 'mode', /mode "magic" is not one of default, fallback-whisper/],
    ['/api/files/captions/dQw4w9WgXcQ?format=pdf', 'format', /not one of/],
    ['/api/commentReplies', 'parentCommentId', /parentCommentId is required/],
    [
      '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg.9zGS5B8VzVn9zGT0aGxbTv',
      'parentCommentId',
      /is a reply id.*use UgzoQVUwDeGW1IS5_uR4AaABAg/,
    ],
    ['/api/commentReplies?parentCommentId=x&format=html', 'parentCommentId', /not a comment id/],
    [
      '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg&format=markdown',
      'format',
      /html, plainText/,
    ],
    ['/api/channels', 'ids', /at least one of ids, forHandle or forUsername/],
    ['/api/channels?ids=UCshort', 'ids', /UC followed by 22 characters/],
    ['/api/channels?forHandle=@a', 'forHandle', /not a handle/],
    ['/api/channels?forUsername=bad%20name', 'forUsername', /forUsername must be/],
    ['/api/channels?forHandle=@abc&hl=en-US', 'hl', /hl "en-US" is not one of/],
    ['/api/channels?forHandle=@abc&fields=title,secret', 'fields', /"secret" is not one/],
    ['/api/popularVideos?regionCode=usa', 'regionCode', /not an ISO 3166-1 alpha-2 region code/],
  ]
  it.each(cases)('%s → 400 naming %s', async (url, param, message) => {
    const { app, seen } = fakeUpstream(ok)
    const res = await app.request(url)
    expect(res.status).toBe(400)
    const err = await errorOf(res)
    expect(err.code).toBe('invalid_query')
    expect(err.param).toBe(param)
    expect(err.message).toMatch(message)
    expect(seen).toHaveLength(0) // nothing paid
  })

  it('forwards the radius in km and the service parameter names', async () => {
    const { app, seen } = fakeUpstream(ok)
    expect(
      (await app.request('/api/search?location=48.8566,2.3522&locationRadius=3mi&type=video')).status,
    ).toBe(200)
    const sent = new URL(seen[0]!.url)
    expect(sent.pathname).toBe('/search')
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      location: '48.8566,2.3522',
      locationRadius: '4.828032km',
      type: 'video',
    })
  })

  it('accepts the 1000 km cap in every unit', async () => {
    const { app } = fakeUpstream(ok)
    for (const r of ['1000km', '1000000m', '621.371mi', '3280839ft']) {
      expect((await app.request(`/api/search?location=0,0&locationRadius=${r}&type=video`)).status).toBe(200)
    }
  })

  it('normalises channel lookups: handle gets its @, ids are de-duplicated', async () => {
    const { app, seen } = fakeUpstream(() => json({ totalResults: 0, data: [] }))
    await app.request('/api/channels?forHandle=rickastleyyt&hl=fr&fields=title,country')
    await app.request(
      '/api/channels?ids=UCuAXFkgsw1L7xaCfnd5JJOw,UCuAXFkgsw1L7xaCfnd5JJOw&ids=UC0000000000000000000000',
    )
    expect(new URL(seen[0]!.url).searchParams.get('forHandle')).toBe('@rickastleyyt')
    expect(new URL(seen[1]!.url).searchParams.get('ids')).toBe(
      'UCuAXFkgsw1L7xaCfnd5JJOw,UC0000000000000000000000',
    )
  })

  it('answers unknown paths with 404 JSON and other methods with 405', async () => {
    const { app } = fakeUpstream(ok)
    const missing = await app.request('/api/nope')
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).code).toBe('not_found')
    const post = await app.request(SEARCH, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toContain('GET')
    expect((await app.request('/api/captions/dQw4w9WgXcQ', { method: 'DELETE' })).status).toBe(405)
  })
})

describe('the upstream client', () => {
  it('sends only its own Bearer token: never the browser Authorization or Cookie', async () => {
    const { app, seen } = fakeUpstream(ok)
    await app.request(SEARCH, {
      headers: {
        Authorization: 'Bearer browser-token',
        Cookie: 'session=abc',
        'X-Forwarded-For': '1.2.3.4',
        'User-Agent': 'spy',
      },
    })
    const sent = seen[0]!
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`)
    expect(sent.headers.get('Cookie')).toBeNull()
    expect(sent.headers.get('X-Forwarded-For')).toBeNull()
    expect(sent.headers.get('User-Agent')).not.toBe('spy')
  })

  it('puts X-Cost-USD from the price table on every paid answer', async () => {
    const { app } = fakeUpstream((req) =>
      new URL(req.url).pathname.startsWith('/captions')
        ? new Response('[]', { headers: { 'Content-Type': 'application/json' } })
        : ok(),
    )
    const s = await app.request(SEARCH)
    expect(s.headers.get('X-Cost-USD')).toBe('0.00203')
    expect(s.headers.get('X-Cache')).toBe('MISS')
    expect((await app.request('/api/captions/dQw4w9WgXcQ')).headers.get('X-Cost-USD')).toBe('0.00053')
  })

  type Mapping = [string, () => Response | Promise<Response>, number, string, RegExp?]
  const mappings: Mapping[] = [
    [
      'service 400 (JSON)',
      () => json({ message: 'location is malformed' }, 400),
      400,
      'invalid_query',
      /location is malformed/,
    ],
    [
      'service 400 (plain text)',
      () => new Response('Bad radius unit', { status: 400 }),
      400,
      'invalid_query',
      /Bad radius unit/,
    ],
    [
      'service 400 (nested JSON)',
      () => json({ error: { errors: [{ message: 'deep reason' }] } }, 400),
      400,
      'invalid_query',
      /deep reason/,
    ],
    ['service 403', () => json({ error: 'Forbidden' }, 403), 502, 'upstream_auth', /check DATA_API_TOKEN/],
    ['service 402', () => json({ detail: 'Insufficient balance' }, 402), 402, 'balance_exhausted', /balance/],
    [
      'service 403 saying the balance is out',
      () => new Response('Your balance is exhausted', { status: 403 }),
      402,
      'balance_exhausted',
    ],
    [
      'service 429',
      () => json({ message: 'slow down' }, 429, { 'Retry-After': '7' }),
      429,
      'rate_limited',
      /7 s/,
    ],
    [
      'service 500',
      () => new Response('<html>oops</html>', { status: 500 }),
      502,
      'upstream_error',
      /status 500/,
    ],
    ['service 503', () => json({}, 503), 502, 'upstream_error'],
    [
      'an unparseable body',
      () => new Response('{"regionCode": ', { headers: { 'Content-Type': 'application/json' } }),
      502,
      'upstream_invalid',
      /not valid JSON/,
    ],
    [
      'a body that breaks the contract',
      () => json({ ...SEARCH_PAGE, data: [{ kind: 'x' }] }),
      502,
      'upstream_invalid',
      /data\.0\.videoId/,
    ],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed')), 502, 'upstream_unreachable'],
  ]
  it.each(mappings)('maps %s', async (_name, answer, status, code, message) => {
    const { app } = fakeUpstream(answer)
    const res = await app.request(SEARCH)
    expect(res.status).toBe(status)
    const err = await errorOf(res)
    expect(err.code).toBe(code)
    if (message) expect(err.message).toMatch(message)
    if (code === 'rate_limited') expect(res.headers.get('Retry-After')).toBe('7')
  })

  it.each([
    'No video with id AAAAAAAAAAA.',
    'Video not found',
    'This video is private.',
    'This video has been removed by the uploader.',
  ])(
    'maps a captions 404 about the video itself ("%s") to not_found, with no caption modes offered',
    async (said) => {
      const { app } = fakeUpstream(() => json({ message: said }, 404))
      const res = await app.request('/api/captions/dQw4w9WgXcQ')
      expect(res.status).toBe(404)
      const err = await errorOf(res)
      expect(err.code).toBe('not_found')
      expect(err.message).toBe(said)
    },
  )

  it('maps a missing caption language to 404 captions_unavailable naming the fallback modes', async () => {
    const { app } = fakeUpstream(() => json({ message: 'No captions in fr' }, 404))
    const res = await app.request('/api/captions/dQw4w9WgXcQ?lang=fr')
    expect(res.status).toBe(404)
    const err = await errorOf(res)
    expect(err.code).toBe('captions_unavailable')
    expect(err.message).toMatch(/No captions in fr/)
    expect(err.message).toMatch(/fallback-auto-translated.*fallback-whisper.*force-whisper/)
  })

  it.each([
    [
      'This video has no captions in en; mode=fallback-whisper or mode=force-whisper transcribes its audio.',
      'This video has no captions in en.',
    ],
    ['No captions in fr. Use mode=fallback-auto-translated or mode=force-whisper.', 'No captions in fr.'],
    ['mode=force-whisper transcribes it.', 'No captions in the requested language.'],
  ])('names each fallback mode once, whatever the service advised: %s', async (said, kept) => {
    const { app } = fakeUpstream(() => json({ message: said }, 404))
    const err = await errorOf(await app.request('/api/captions/dQw4w9WgXcQ?lang=en'))
    expect(err.message.startsWith(`${kept} Try mode=fallback-auto-translated`)).toBe(true)
    for (const mode of ['fallback-auto-translated', 'fallback-whisper', 'force-whisper'])
      expect(err.message.split(`mode=${mode}`)).toHaveLength(2)
  })

  it('times out with 504 upstream_timeout', async () => {
    const { app } = fakeUpstream(
      (req) =>
        new Promise((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason))),
      { timeoutMs: 50 },
    )
    const res = await app.request(SEARCH)
    expect(res.status).toBe(504)
    expect((await errorOf(res)).code).toBe('upstream_timeout')
  })

  it('times out while the body is still streaming', async () => {
    const { app } = fakeUpstream(
      (req) =>
        new Response(
          new ReadableStream({
            start: (ctl) => {
              ctl.enqueue(new TextEncoder().encode('{'))
              req.signal.addEventListener('abort', () => ctl.error(req.signal.reason))
            },
          }),
        ),
      { timeoutMs: 50 },
    )
    expect((await app.request(SEARCH)).status).toBe(504)
  })
})

describe('caption bodies', () => {
  // Each a file of its format (the function checks that), with a BOM, CRLFs and text in several scripts.
  const TEXT = 'Étoile &amp; 星 — مرحبا'
  const TRANSCRIPT = `<?xml version="1.0" encoding="utf-8" ?><transcript><text start="1" dur="1">${TEXT}</text></transcript>`
  const BODIES: Record<Exclude<CaptionFormat, 'json'>, string> = {
    srt: `1\r\n00:00:01,000 --> 00:00:02,000\r\n${TEXT}\r\n`,
    vtt: `WEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\n${TEXT}\r\n`,
    text: `${TEXT}\r\n`,
    csv: `start,duration,text\r\n1,1,${TEXT}\r\n`,
    xml: TRANSCRIPT,
    srv1: TRANSCRIPT,
    srv2: `<timedtext><text t="1000" d="1000">${TEXT}</text></timedtext>`,
    srv3: `<timedtext format="3"><body><p t="1000" d="1000">${TEXT}</p></body></timedtext>\r\n`,
    ttml: `<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="00:00:01.000" end="00:00:02.000">${TEXT}</p></div></body></tt>`,
    json3: `{"events":[{"tStartMs":1000,"dDurationMs":1000,"segs":[{"utf8":"${TEXT}"}]}]}`,
  }
  it.each(CAPTION_FORMATS.filter((f) => f !== 'json'))(
    'passes %s through byte for byte with its Content-Type',
    async (format) => {
      const body = `\uFEFF${BODIES[format as keyof typeof BODIES]}`
      const { app } = fakeUpstream(
        () => new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } }),
      )
      const res = await app.request(`/api/captions/dQw4w9WgXcQ?format=${format}&lang=en`)
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe(CAPTION_CONTENT_TYPES[format])
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(body, 'utf8'))).toBe(true)
      expect(res.headers.get('Content-Disposition')).toBeNull()
    },
  )

  it('names downloads <videoId>.<lang>.<ext>', async () => {
    const { app } = fakeUpstream(() => new Response('WEBVTT\n'))
    const vtt = await app.request('/api/captions/dQw4w9WgXcQ?format=vtt&lang=fr&download=1')
    expect(vtt.headers.get('Content-Disposition')).toBe('attachment; filename="dQw4w9WgXcQ.fr.vtt"')
    const text = await app.request('/api/captions/dQw4w9WgXcQ?format=text&lang=ja&download=1')
    expect(text.headers.get('Content-Disposition')).toBe('attachment; filename="dQw4w9WgXcQ.ja.txt"')
  })

  it('checks the json format against the contract and keeps extra fields', async () => {
    const items = [
      { text: 'hi', offset: 0, duration: 1, lang: 'en', wordCount: 1, speechRate: 60, extra: true },
    ]
    const { app } = fakeUpstream(() => json(items))
    const res = await app.request('/api/captions/dQw4w9WgXcQ')
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toEqual(items)
  })
})

describe('quotes', () => {
  it('prices a request without paying for it, and validates it like the request', async () => {
    const { app, seen } = fakeUpstream(ok)
    const res = await app.request(`/api/quote?path=${encodeURIComponent(SEARCH)}`)
    expect(await res.json()).toEqual({ operation: 'GET /search', priceUsd: 0.00203, cached: false })
    const bad = await app.request(
      `/api/quote?path=${encodeURIComponent('/api/search?location=99,0&locationRadius=1km&type=video')}`,
    )
    expect(bad.status).toBe(400)
    expect((await app.request('/api/quote?path=https://evil.example/x')).status).toBe(400)
    expect(seen).toHaveLength(0)
  })
})

describe('readable upstream failures', () => {
  it('an HTML error page is reduced to its title, without doubled dots', async () => {
    const page =
      '<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1><p>nginx</p></body></html>'
    const { app } = fakeUpstream(() => new Response(page, { status: 503 }))
    const err = await errorOf(await app.request(SEARCH))
    expect(err.message).toBe(
      'The data service failed (status 503): 503 Service Unavailable. Retry in a moment.',
    )
  })
  it('a message ending in dots does not end in three', async () => {
    const { app } = fakeUpstream(() => json({ message: 'please retry later.' }, 500))
    expect((await errorOf(await app.request(SEARCH))).message).toBe(
      'The data service failed (status 500): please retry later. Retry in a moment.',
    )
  })
})

describe('a transport that ignores the abort signal', () => {
  it('still times out with 504', async () => {
    const { app } = fakeUpstream(() => new Promise<Response>(() => {}), { timeoutMs: 50 })
    const res = await app.request(SEARCH)
    expect(res.status).toBe(504)
  })
})
