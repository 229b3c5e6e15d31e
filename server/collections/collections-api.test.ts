/** The collections HTTP interface on both engines: every route, every bad input, the price, and the collect job in process. */
import { expect, it } from 'vitest'
import {
  AddVideosResult,
  CollectionDetail,
  CollectionList,
  CollectionSummary,
  CollectPrice,
  Job,
} from '#contract/collections.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { errorOf, gate, serviceAnswer, spendHarness, type HarnessOptions } from '../testing/spend-harness.ts'

const IDS = ['aaaaaaaaaa1', 'aaaaaaaaaa2', 'aaaaaaaaaa3']
const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})
const captionCalls = (seen: Request[]) => seen.filter((r) => new URL(r.url).pathname.startsWith('/captions/'))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describeOnEngines('collections API', (engine) => {
  function harness(opts: HarnessOptions = {}) {
    return engine.track(
      spendHarness({ ...opts, env: { ...engine.env(), COLLECT_LEASE_MS: '2000', ...opts.env } }),
    )
  }
  type H = ReturnType<typeof harness>

  /**
   * A later job, collected to its end: the runner claims in job order, so anything of an earlier job it could still
   * take (a retry, a stopped job's queue) would have been taken, and sent, before this one settles.
   */
  async function laterJobSettled(h: H, videoId: string) {
    const later = await create(h, { name: 'later', videoIds: [videoId] })
    expect((await h.request(`/api/collections/${later.id}/collect`, json({ maxUsd: 1 }))).status).toBe(202)
    expect((await settled(h, later.id)).job).toMatchObject({ state: 'done', collected: 1 })
  }

  async function create(h: H, body: Record<string, unknown> = { name: 'Metro' }) {
    const res = await h.request('/api/collections', json(body))
    expect(res.status).toBe(201)
    return CollectionSummary.parse(await res.json())
  }
  async function detail(h: H, id: string) {
    const res = await h.request(`/api/collections/${id}`)
    expect(res.status).toBe(200)
    return CollectionDetail.parse(await res.json())
  }
  /** Until the job has nothing queued or running (or it stopped). */
  async function settled(h: H, id: string, limitMs = 20_000) {
    const deadline = Date.now() + limitMs
    for (;;) {
      const d = await detail(h, id)
      if (d.job && d.job.state !== 'running' && d.job.running === 0) return d
      if (Date.now() > deadline) throw new Error(`job still busy: ${JSON.stringify(d.job)}`)
      await sleep(50)
    }
  }

  it('creates, lists newest first, and reads a collection with its videos, provenance and no job', async () => {
    const h = harness()
    const first = await create(h, { name: 'First' })
    const second = await create(h, {
      name: ' Metro in Paris ',
      description: 'videos near Châtelet',
      lang: 'fr',
      mode: 'fallback-whisper',
      videoIds: [IDS[0], IDS[1], IDS[0]],
      videos: [
        {
          videoId: IDS[0],
          title: 'Ligne 1',
          channelId: 'UCx',
          channelTitle: 'RATP',
          publishedAt: '2026-01-02T03:04:05Z',
        },
      ],
      source: {
        kind: 'search',
        label: 'search: metro near Paris',
        url: '/search?q=metro',
        query: { q: 'metro' },
      },
    })
    expect(second).toMatchObject({
      name: 'Metro in Paris',
      description: 'videos near Châtelet',
      lang: 'fr',
      mode: 'fallback-whisper',
      videoCount: 2,
      tracks: { wanted: 2, collected: 0, unavailable: 0, failed: 0 },
      costUsd: 0,
      source: { kind: 'live', name: 'Poix data service' },
    })
    expect(second.id).toMatch(/^c_[0-9A-Za-z]{10}$/)
    const list = CollectionList.parse(await (await h.request('/api/collections')).json())
    expect(list.collections.map((c) => c.id)).toEqual([second.id, first.id])
    const d = await detail(h, second.id)
    expect(d.job).toBeNull()
    expect(d.videos.map((v) => [v.videoId, v.position, v.title, v.channelTitle, v.publishedAt])).toEqual([
      [IDS[0], 0, 'Ligne 1', 'RATP', '2026-01-02T03:04:05Z'],
      [IDS[1], 1, null, null, null],
    ])
    expect(d.videos[0]!.foundBy).toEqual([
      expect.objectContaining({
        kind: 'search',
        label: 'search: metro near Paris',
        url: '/search?q=metro',
        query: { q: 'metro' },
      }),
    ])
    expect(d.videos[0]!.track).toEqual({ state: 'wanted', lang: null, cueCount: null, failure: null })
  })

  it('adds videos: counts what was there, fills missing metadata, records each distinct provenance once', async () => {
    const h = harness()
    const c = await create(h, { name: 'Feed', videoIds: [IDS[0]] })
    const add = async (body: unknown) => {
      const res = await h.request(`/api/collections/${c.id}/videos`, json(body))
      expect(res.status).toBe(200)
      return AddVideosResult.parse(await res.json())
    }
    const popular = { kind: 'popular', label: 'popular in FR', url: '/popular?region=FR' }
    const r1 = await add({
      videoIds: [IDS[0], IDS[1]],
      videos: [{ videoId: IDS[0], title: 'Now titled' }],
      source: popular,
    })
    expect(r1).toMatchObject({ added: 1, alreadyThere: 1, collection: { videoCount: 2 } })
    const r2 = await add({ videoIds: [IDS[0], IDS[2]], source: popular })
    expect(r2).toMatchObject({ added: 1, alreadyThere: 1, collection: { videoCount: 3 } })
    const d = await detail(h, c.id)
    expect(d.videos.map((v) => v.videoId)).toEqual([IDS[0], IDS[1], IDS[2]])
    expect(d.videos[0]!.title).toBe('Now titled')
    expect(d.videos[0]!.foundBy.map((f) => f.kind)).toEqual(['api', 'popular'])
    expect(d.videos[2]!.foundBy.map((f) => f.kind)).toEqual(['popular'])
  })

  it("keeps each video's sweep circles in its found-by entry", async () => {
    const h = harness()
    const c = await create(h, { name: 'Sweep' })
    const sweep = { kind: 'sweep', label: 'Area sweep: 3 circles of 5 km', url: '/search?area=abc&r=5' }
    const res = await h.request(
      `/api/collections/${c.id}/videos`,
      json({
        videoIds: [IDS[0], IDS[1]],
        videos: [
          { videoId: IDS[0], title: 'Two circles', circles: ['c1', 'c3'] },
          { videoId: IDS[1], title: 'None named' },
        ],
        source: sweep,
      }),
    )
    expect(res.status).toBe(200)
    const d = await detail(h, c.id)
    expect(d.videos[0]!.foundBy).toEqual([expect.objectContaining({ ...sweep, circles: ['c1', 'c3'] })])
    expect(d.videos[1]!.foundBy).toEqual([expect.objectContaining(sweep)])
    expect(d.videos[1]!.foundBy[0]).not.toHaveProperty('circles')
    const bad = await h.request(
      `/api/collections/${c.id}/videos`,
      json({ videoIds: [IDS[2]], videos: [{ videoId: IDS[2], circles: ['north'] }] }),
    )
    expect(bad.status).toBe(400)
  })

  it.each([
    ['POST', '/api/collections', {}, 'name', /name/],
    ['POST', '/api/collections', { name: '   ' }, 'name', /name/],
    ['POST', '/api/collections', { name: 'x'.repeat(201) }, 'name', /name/],
    ['POST', '/api/collections', { name: 'x', description: 3 }, 'description', /description/],
    ['POST', '/api/collections', { name: 'x', lang: 'french!' }, 'lang', /language code/],
    ['POST', '/api/collections', { name: 'x', mode: 'whisper' }, 'mode', /mode/],
    ['POST', '/api/collections', { name: 'x', colour: 'red' }, 'colour', /Unknown parameter "colour"/],
    [
      'POST',
      '/api/collections',
      { name: 'x', videoIds: ['short'] },
      'videoIds',
      /videoIds\[0\].*11-character/,
    ],
    ['POST', '/api/collections', { name: 'x', videoIds: 'aaaaaaaaaa1' }, 'videoIds', /videoIds/],
    ['POST', '/api/collections', '{"name":', 'body', /not valid JSON/],
    [
      'POST',
      '/api/collections',
      { name: 'x', source: { kind: 'map', label: 'm' } },
      'source',
      /source\[kind\]/,
    ],
    [
      'POST',
      '/api/collections',
      { name: 'x', source: { kind: 'search', label: 'm', url: 'https://evil.example/' } },
      'source',
      /dashboard path/,
    ],
  ])('%s %s %j → 400 naming %s', async (method, path, body, param, message) => {
    const h = harness()
    const res = await h.request(path, json(body, method))
    expect(res.status).toBe(400)
    const err = await errorOf(res)
    expect(err).toMatchObject({ code: 'invalid_query', param })
    expect(err.message).toMatch(message)
    expect((await (await h.request('/api/collections')).json()).collections).toHaveLength(0)
  })

  it('refuses bad adds and bad collects with a 400 naming the parameter, changing nothing', async () => {
    const h = harness()
    const c = await create(h, { name: 'x', videoIds: [IDS[0]] })
    const cases: [string, unknown, string, RegExp][] = [
      ['videos', {}, 'videoIds', /videoIds/],
      ['videos', { videoIds: [IDS[1], 'bad id here'] }, 'videoIds', /videoIds\[1\]/],
      ['videos', { videoIds: Array.from({ length: 10_001 }, () => IDS[1]) }, 'videoIds', /10000/],
      ['videos', { videoIds: [IDS[1]], videos: [{ videoId: IDS[2] }] }, 'videos', /not in videoIds/],
      ['videos', { videoIds: [IDS[1]], extra: 1 }, 'extra', /Unknown parameter/],
      ['collect', {}, 'maxUsd', /maxUsd/],
      ['collect', { maxUsd: -1 }, 'maxUsd', /maxUsd/],
      ['collect', { maxUsd: '1' }, 'maxUsd', /maxUsd must be a number/],
      ['collect', { maxUsd: 1e9 }, 'maxUsd', /maxUsd/],
    ]
    for (const [route, body, param, message] of cases) {
      const res = await h.request(`/api/collections/${c.id}/${route}`, json(body))
      expect(res.status, `${route} ${JSON.stringify(body).slice(0, 80)}`).toBe(400)
      const err = await errorOf(res)
      expect(err).toMatchObject({ code: 'invalid_query', param })
      expect(err.message).toMatch(message)
    }
    const d = await detail(h, c.id)
    expect(d.videoCount).toBe(1)
    expect(d.job).toBeNull()
    expect(captionCalls(h.seen)).toHaveLength(0)
  })

  it('answers 404 for an unknown or malformed collection on every route, 405 for a wrong method, 409 to stop what never ran', async () => {
    const h = harness()
    for (const id of ['c_0000000000', 'nope', 'c_%27%3B--']) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '/videos', { videoIds: [IDS[0]] }],
        ['GET', '/collect', undefined],
        ['POST', '/collect', { maxUsd: 1 }],
        ['DELETE', '/collect', undefined],
      ] as const) {
        const res = await h.request(`/api/collections/${id}${path}`, body ? json(body, method) : { method })
        expect(res.status, `${method} ${id}${path}`).toBe(404)
        expect((await errorOf(res)).code).toBe('not_found')
      }
    }
    const wrong = await h.request('/api/collections', { method: 'DELETE' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('Allow')).toBe('GET, HEAD, POST')
    const c = await create(h)
    expect((await h.request(`/api/collections/${c.id}/collect`, { method: 'DELETE' })).status).toBe(409)
  })

  it('reads a collection made on another data source but neither prices nor collects it (409)', async () => {
    const h = harness()
    await h.db.query(
      "INSERT INTO collections (id, source, name, created_at, updated_at) VALUES ('c_demo000001', 'demo', 'made in demo mode', 1, 1)",
    )
    expect((await detail(h, 'c_demo000001')).source).toEqual({
      kind: 'demo',
      name: 'demo simulator (invented data)',
    })
    for (const init of [{ method: 'GET' }, json({ maxUsd: 1 })]) {
      const res = await h.request('/api/collections/c_demo000001/collect', init)
      expect(res.status).toBe(409)
      expect((await errorOf(res)).message).toMatch(/another data source \(the demo simulator\)/)
    }
  })

  it('prices what is missing (cached tracks free), collects through the gateway, and a second collection of the same videos pays $0', async () => {
    const h = harness()
    // One track was already bought by the caption studio: it is in the function's cache.
    expect((await h.request(`/api/captions/${IDS[1]}?format=json&lang=en`)).status).toBe(200)
    const c = await create(h, { name: 'x', lang: 'en', videoIds: IDS })
    const price = CollectPrice.parse(await (await h.request(`/api/collections/${c.id}/collect`)).json())
    expect(price).toEqual({ tracks: 3, cached: 1, toBuy: 2, priceUsd: 0.00106, perTrackUsd: 0.00053 })
    expect(captionCalls(h.seen)).toHaveLength(1) // pricing paid nothing

    const started = await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 1 }))
    expect(started.status).toBe(202)
    expect(Job.parse(await started.json())).toMatchObject({ state: 'running', total: 3, maxUsd: 1 })
    const d = await settled(h, c.id)
    expect(d.job).toMatchObject({ state: 'done', total: 3, done: 3, collected: 3, spentUsd: 0.00106 })
    expect(d.tracks).toEqual({ wanted: 0, collected: 3, unavailable: 0, failed: 0 })
    expect(d.costUsd).toBe(0.00106)
    expect(d.videos.map((v) => v.track)).toEqual(
      IDS.map(() => ({ state: 'collected', lang: 'en', cueCount: 1, failure: null })),
    )
    // Each track asked of the service once, with the canonical request.
    const calls = captionCalls(h.seen).map((r) => {
      const u = new URL(r.url)
      const q = u.searchParams
      return [u.pathname, q.get('format'), q.get('lang'), q.get('mode') ?? 'default'].join(' ')
    })
    expect(calls.sort()).toEqual(IDS.map((id) => `/captions/${id} json en default`).sort())
    const ledger = await h.spend(50)
    expect(ledger.totals.paidCalls).toBe(3)

    const again = await create(h, { name: 'same videos', lang: 'en', videoIds: IDS })
    expect(again.tracks).toEqual({ wanted: 0, collected: 3, unavailable: 0, failed: 0 })
    const price2 = CollectPrice.parse(await (await h.request(`/api/collections/${again.id}/collect`)).json())
    expect(price2).toMatchObject({ tracks: 0, toBuy: 0, priceUsd: 0 })
    const job2 = await h.request(`/api/collections/${again.id}/collect`, json({ maxUsd: 0 }))
    expect(Job.parse(await job2.json())).toMatchObject({ state: 'done', total: 0, spentUsd: 0 })
    expect(captionCalls(h.seen)).toHaveLength(3)
  })

  it('stops as capped before a call would pass maxUsd, and a later collect resumes what is left', async () => {
    const h = harness()
    const c = await create(h, { name: 'x', videoIds: IDS })
    await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 0.001 }))
    const capped = await settled(h, c.id)
    expect(capped.job).toMatchObject({ state: 'capped', collected: 1, queued: 2, spentUsd: 0.00053 })
    expect(captionCalls(h.seen)).toHaveLength(1)
    const resumed = await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 1 }))
    expect(Job.parse(await resumed.json())).toMatchObject({ state: 'running', total: 2 })
    const done = await settled(h, c.id)
    expect(done.job).toMatchObject({ state: 'done', collected: 2 })
    expect(done.costUsd).toBe(0.00159)
    expect(captionCalls(h.seen)).toHaveLength(3)
  })

  it('collects a cached track free under a maximum of $0, and caps before the first one it would pay for', async () => {
    const h = harness()
    expect((await h.request(`/api/captions/${IDS[0]}?format=json&lang=en`)).status).toBe(200)
    const c = await create(h, { name: 'x', lang: 'en', videoIds: IDS.slice(0, 2) })
    await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 0 }))
    const d = await settled(h, c.id)
    expect(d.job).toMatchObject({ state: 'capped', collected: 1, queued: 1, spentUsd: 0 })
    expect(d.videos.map((v) => v.track.state)).toEqual(['collected', 'wanted'])
    expect(captionCalls(h.seen)).toHaveLength(1) // the studio's purchase only
    expect((await h.spend(50)).totals.paidCalls).toBe(1)
  })

  it('lists failures per video with their reason and never retries a charged one', async () => {
    // The clock can be moved past any wait a retry could be given.
    let ahead = 0
    const h = harness({
      now: () => Date.now() + ahead,
      answer: (req) => {
        const p = new URL(req.url).pathname
        if (p === `/captions/${IDS[0]}`)
          return new Response(JSON.stringify({ message: 'No captions in en.' }), { status: 404 })
        if (p === `/captions/${IDS[1]}`) return new Response('{"message":"boom"}', { status: 500 })
        return serviceAnswer(req)
      },
    })
    const c = await create(h, { name: 'x', videoIds: IDS })
    await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 1 }))
    const d = await settled(h, c.id)
    expect(d.job).toMatchObject({ state: 'done', collected: 1, unavailable: 1, failed: 1 })
    expect(d.videos[0]!.track).toMatchObject({
      state: 'unavailable',
      failure: { code: 'captions_unavailable', status: 404 },
    })
    expect(d.videos[1]!.track).toMatchObject({ state: 'failed', failure: { code: 'upstream_error' } })
    expect(d.videos[1]!.track.failure!.message.length).toBeGreaterThan(0)
    ahead = 3_600_000
    await laterJobSettled(h, 'aaaaaaaaaa4')
    expect((await settled(h, c.id)).job).toMatchObject({ state: 'done', collected: 1, failed: 1 })
    expect(
      captionCalls(h.seen)
        .map((r) => new URL(r.url).pathname)
        .sort(),
    ).toEqual([...IDS, 'aaaaaaaaaa4'].map((i) => `/captions/${i}`).sort())
    // Collecting again is the researcher's knowing choice: the failed track is priced and bought again; the unavailable one is not.
    const price = CollectPrice.parse(await (await h.request(`/api/collections/${c.id}/collect`)).json())
    expect(price).toMatchObject({ tracks: 1, toBuy: 1 })
  })

  it('stops a running job (running tracks finish, queued ones wait), refuses a second start while running, resumes later', async () => {
    const g = gate()
    const h = harness({ hold: g.opened, env: { COLLECT_CONCURRENCY: '1' } })
    const c = await create(h, { name: 'x', videoIds: IDS })
    expect((await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 1 }))).status).toBe(202)
    const twice = await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 1 }))
    expect(twice.status).toBe(409)
    const refused = await errorOf(twice)
    expect(refused.code).toBe('conflict')
    // The message is for a person: no HTTP verb or status in it.
    expect(refused.message).not.toMatch(/\b(GET|POST|PUT|PATCH|DELETE)\b|\b\d{3}\b/)
    while (captionCalls(h.seen).length === 0) await sleep(20)
    const sent = new URL(captionCalls(h.seen)[0]!.url).pathname
    const stop = await h.request(`/api/collections/${c.id}/collect`, { method: 'DELETE' })
    expect(stop.status).toBe(200)
    // Two items in progress for one slot at the service: one at the service, one waiting for the slot.
    expect(Job.parse(await stop.json())).toMatchObject({ state: 'stopped', running: 2, queued: 1 })
    g.open()
    const d = await settled(h, c.id)
    // The one that waited finds the job stopped when its slot frees: back to the queue, never sent, never paid.
    expect(d.job).toMatchObject({ state: 'stopped', collected: 1, queued: 2, spentUsd: 0.00053 })
    await laterJobSettled(h, 'aaaaaaaaaa4')
    expect(captionCalls(h.seen).map((r) => new URL(r.url).pathname)).toEqual([sent, '/captions/aaaaaaaaaa4'])
    await h.request(`/api/collections/${c.id}/collect`, json({ maxUsd: 1 }))
    expect((await settled(h, c.id)).tracks).toMatchObject({ collected: 3, wanted: 0 })
    expect(captionCalls(h.seen)).toHaveLength(4)
  })
})
