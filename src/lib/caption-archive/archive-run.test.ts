import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { ApiError } from '#lib/paid-fetch.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { startBulkRun, type FetchBytes, type BulkProgress } from './archive-run.ts'
import type { BulkManifest } from './manifest.ts'
import { planBulk, type BulkSelection } from './plan.ts'

const RICK = 'dQw4w9WgXcQ' // en es de fr ja ar
const CJK = 'Jp4cK9tRz1U' // ja zh-CN ko en
const ASR = 'As3rOnly5xk' // en (auto-generated) only
const NONE = 'Zp3xQe9LbTg' // no captions at all

async function unzip(zip: Response): Promise<Record<string, Uint8Array>> {
  return readZip(new Uint8Array(await zip.arrayBuffer()))
}

function run(selection: BulkSelection, over: Partial<Parameters<typeof startBulkRun>[0]> = {}) {
  const controller = new AbortController()
  const progress: BulkProgress[] = []
  const handle = startBulkRun({
    plan: planBulk(selection),
    selection,
    viewUrl: 'http://localhost/bulk',
    concurrency: 3,
    signal: controller.signal,
    sleep: async () => undefined,
    onProgress: (p) => progress.push(p),
    ...over,
  })
  return { ...handle, controller, progress }
}

/** Answers like the function: a receipt for every answer, errors as ApiError after onReceipt. */
type FakeAnswer = {
  status: number
  body?: string
  code?: string
  cache?: 'HIT' | 'MISS'
  costUsd?: number
  retryAfter?: number
}
function fakeFunction(answer: (url: URL) => FakeAnswer | Promise<FakeAnswer>) {
  const requested: string[] = []
  const fetch: FetchBytes = async (url, init) => {
    requested.push(url)
    init.signal?.throwIfAborted()
    const signal = init.signal
    // Like fetch: a stop rejects a request still waiting for its answer.
    const stopped = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
    )
    const a = await Promise.race([answer(new URL(url, 'http://localhost')), stopped])
    const receipt = {
      url,
      costUsd: a.costUsd ?? (a.cache === 'HIT' ? 0 : 0.00053),
      cache: a.cache ?? 'MISS',
      fetchedAt: new Date().toISOString(),
    }
    init.onReceipt?.(receipt)
    if (a.status >= 400)
      throw new ApiError(
        a.status,
        a.code ?? 'http_error',
        `answered ${a.status}`,
        undefined,
        a.retryAfter,
        receipt.costUsd,
      )
    return {
      bytes: new TextEncoder().encode(a.body ?? ''),
      contentType: 'text/plain; charset=utf-8',
      receipt,
    }
  }
  return { fetch, requested }
}

describe('a bulk run against the function and the demo simulator', () => {
  it('fetches every (video, language, format) once into per-video folders, with a manifest and a report of what is unavailable', async () => {
    const selection: BulkSelection = {
      videoIds: [RICK, CJK, ASR, NONE],
      formats: ['srt', 'vtt'],
      languages: ['en', 'fr'],
      mode: 'default',
    }
    const { zip, manifest, progress } = run(selection)
    const files = await unzip(zip)
    const m = await manifest

    const captionPaths = Object.keys(files)
      .filter((p) => p.includes('/'))
      .sort()
    expect(captionPaths).toEqual(
      [
        `${ASR}/${ASR}.en.srt`,
        `${ASR}/${ASR}.en.vtt`,
        `${CJK}/${CJK}.en.srt`,
        `${CJK}/${CJK}.en.vtt`,
        `${RICK}/${RICK}.en.srt`,
        `${RICK}/${RICK}.en.vtt`,
        `${RICK}/${RICK}.fr.srt`,
        `${RICK}/${RICK}.fr.vtt`,
      ].sort(),
    )
    expect(
      Object.keys(files)
        .filter((p) => !p.includes('/'))
        .sort(),
    ).toEqual(['manifest.json', 'report.csv', 'report.json'])
    expect(strFromU8(files[`${RICK}/${RICK}.fr.vtt`]!)).toMatch(/^WEBVTT/)
    expect(strFromU8(files[`${RICK}/${RICK}.en.srt`]!)).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> /)

    // The manifest inside the ZIP is the one the run resolved with.
    const inZip = JSON.parse(strFromU8(files['manifest.json']!)) as BulkManifest
    expect(inZip).toEqual(m)
    expect(m.run.outcome).toBe('complete')
    expect(m.files.map((f) => f.path).sort()).toEqual(captionPaths)
    for (const f of m.files) {
      expect(f.bytes).toBe(files[f.path]!.byteLength)
      expect(f.url).toBe(`/api/captions/${f.videoId}?format=${f.format}&lang=${f.langRequested}&mode=default`)
      expect(['HIT', 'MISS']).toContain(f.cache)
      expect(f.costUsd).toBe(f.cache === 'HIT' ? 0 : 0.00053)
    }

    // No file lost or duplicated: files and missing entries partition the 16 planned jobs.
    const key = (x: { videoId: string; langRequested: string | null; format: string }) =>
      `${x.videoId}/${x.langRequested}/${x.format}`
    const all = [...m.files.map(key), ...m.missing.map(key)]
    expect(all).toHaveLength(16)
    expect(new Set(all).size).toBe(16)

    expect(
      m.missing.map((x) => [x.videoId, x.langRequested, x.format, x.outcome, x.status, x.code]).sort(),
    ).toEqual(
      [
        [ASR, 'fr', 'srt', 'unavailable', 404, 'captions_unavailable'],
        [ASR, 'fr', 'vtt', 'unavailable', 404, 'captions_unavailable'],
        [CJK, 'fr', 'srt', 'unavailable', 404, 'captions_unavailable'],
        [CJK, 'fr', 'vtt', 'unavailable', 404, 'captions_unavailable'],
        [NONE, 'en', 'srt', 'unavailable', 404, 'captions_unavailable'],
        [NONE, 'en', 'vtt', 'unavailable', 404, 'captions_unavailable'],
        [NONE, 'fr', 'srt', 'unavailable', 404, 'captions_unavailable'],
        [NONE, 'fr', 'vtt', 'unavailable', 404, 'captions_unavailable'],
      ].sort(),
    )
    const report = Papa.parse<Record<string, string>>(strFromU8(files['report.csv']!), {
      header: true,
      skipEmptyLines: true,
    }).data
    expect(report).toHaveLength(8)
    expect(report.find((r) => r.videoId === NONE)?.message).toMatch(/no captions/i)

    const last = progress.at(-1)!
    expect(last).toMatchObject({ total: 16, settled: 16, files: 8, missing: 8, inFlight: 0 })
    expect(m.run.totals.costUsd).toBe(last.costUsd)
  }, 60_000) // generous: the in-process simulator writes real caption tracks on a shared machine

  it('names default-language files by the language the JSON track reports', async () => {
    const selection: BulkSelection = {
      videoIds: [CJK, RICK],
      formats: ['json', 'srt'],
      languages: 'default',
      mode: 'default',
    }
    const { zip, manifest } = run(selection)
    const files = await unzip(zip)
    const m = await manifest
    expect(
      Object.keys(files)
        .filter((p) => p.includes('/'))
        .sort(),
    ).toEqual(
      [
        `${CJK}/${CJK}.ja.json`,
        `${CJK}/${CJK}.ja.srt`,
        `${RICK}/${RICK}.en.json`,
        `${RICK}/${RICK}.en.srt`,
      ].sort(),
    )
    const srt = m.files.find((f) => f.path.endsWith(`${CJK}.ja.srt`))!
    expect(srt).toMatchObject({
      langRequested: null,
      langReceived: 'ja',
      langFrom: 'default-lookup',
      url: `/api/captions/${CJK}?format=srt&lang=ja&mode=default`,
    })
    expect(m.files.find((f) => f.path.endsWith(`${CJK}.ja.json`))).toMatchObject({
      langRequested: null,
      langReceived: 'ja',
      langFrom: 'json-items',
      url: `/api/captions/${CJK}?format=json&mode=default`,
    })
    expect(m.lookups).toEqual([])
  })
})

describe('a bulk run, its failures and its stop', () => {
  it('with the default language and no JSON chosen: pays one lookup per video, saves no JSON, skips what a failed lookup makes pointless', async () => {
    const { fetch, requested } = fakeFunction((u) => {
      const id = u.pathname.split('/').pop()!
      const format = u.searchParams.get('format')
      if (id === NONE) return { status: 404, code: 'captions_unavailable' }
      if (format === 'json')
        return {
          status: 200,
          body: JSON.stringify([
            { text: 'こんにちは', offset: 0, duration: 1, lang: 'ja', wordCount: 1, speechRate: 60 },
          ]),
        }
      return { status: 200, body: `${format} ${id} ${u.searchParams.get('lang')}` }
    })
    const selection: BulkSelection = {
      videoIds: [CJK, NONE],
      formats: ['srt', 'vtt'],
      languages: 'default',
      mode: 'default',
    }
    const { zip, manifest } = run(selection, { fetch })
    const files = await unzip(zip)
    const m = await manifest
    expect(
      Object.keys(files)
        .filter((p) => p.includes('/'))
        .sort(),
    ).toEqual([`${CJK}/${CJK}.ja.srt`, `${CJK}/${CJK}.ja.vtt`])
    expect(strFromU8(files[`${CJK}/${CJK}.ja.vtt`]!)).toBe(`vtt ${CJK} ja`)
    // Two lookups and two files: nothing asked for the video whose lookup failed.
    expect(requested.sort()).toEqual(
      [
        `/api/captions/${CJK}?format=json&mode=default`,
        `/api/captions/${NONE}?format=json&mode=default`,
        `/api/captions/${CJK}?format=srt&lang=ja&mode=default`,
        `/api/captions/${CJK}?format=vtt&lang=ja&mode=default`,
      ].sort(),
    )
    expect(m.lookups).toMatchObject([
      { videoId: CJK, langReceived: 'ja', langFrom: 'json-items', costUsd: 0.00053 },
    ])
    expect(
      m.missing.map((x) => [x.videoId, x.format, x.outcome, x.code, x.attempts, x.lookupOnly]).sort(),
    ).toEqual(
      [
        [NONE, 'json', 'unavailable', 'captions_unavailable', 1, true],
        [NONE, 'srt', 'skipped', 'captions_unavailable', 0, false],
        [NONE, 'vtt', 'skipped', 'captions_unavailable', 0, false],
      ].sort(),
    )
    expect(m.run.totals.costUsd).toBe(0.00212) // 4 answers × $0.00053, the refused lookup included
  })

  it('exact files named as the default track buy no JSON: <id>.default.srt, the manifest saying so', async () => {
    const { fetch, requested } = fakeFunction((u) => ({
      status: 200,
      body: `${u.searchParams.get('format')} ${u.pathname.split('/').pop()}`,
    }))
    const selection: BulkSelection = {
      videoIds: [CJK, RICK],
      formats: ['srt'],
      languages: 'default',
      mode: 'default',
      naming: 'default-track',
      knownLanguages: { [RICK]: 'en' },
    }
    const { zip, manifest } = run(selection, { fetch })
    const files = await unzip(zip)
    const m = await manifest
    expect(requested.sort()).toEqual(
      [
        `/api/captions/${CJK}?format=srt&mode=default`,
        `/api/captions/${RICK}?format=srt&lang=en&mode=default`,
      ].sort(),
    )
    expect(
      Object.keys(files)
        .filter((p) => p.includes('/'))
        .sort(),
    ).toEqual([`${CJK}/${CJK}.default.srt`, `${RICK}/${RICK}.en.srt`].sort())
    expect(m.lookups).toEqual([])
    expect(m.files.map((f) => [f.path, f.langRequested, f.langReceived, f.langFrom]).sort()).toEqual(
      [
        [`${CJK}/${CJK}.default.srt`, null, 'default', 'default-track'],
        [`${RICK}/${RICK}.en.srt`, 'en', 'en', 'known-before'],
      ].sort(),
    )
    expect(m.run.totals.costUsd).toBe(0.00106)
  })

  it('retries what was never charged (storage down, a 429 at the door), counting what every attempt cost', async () => {
    const tries = new Map<string, number>()
    const { fetch } = fakeFunction((u) => {
      const n = (tries.get(u.href) ?? 0) + 1
      tries.set(u.href, n)
      if (u.searchParams.get('format') === 'srt' && n === 1)
        return { status: 503, code: 'storage_unavailable', costUsd: 0 }
      if (u.searchParams.get('format') === 'vtt' && n < 3)
        return { status: 429, code: 'rate_limited', cache: 'HIT' }
      return { status: 200, body: 'ok' }
    })
    const delays: number[] = []
    const { zip, manifest } = run(
      { videoIds: [RICK], formats: ['srt', 'vtt'], languages: ['en'], mode: 'default' },
      {
        fetch,
        sleep: async (ms) => {
          delays.push(ms)
        },
      },
    )
    await unzip(zip)
    const m = await manifest
    expect(m.files.map((f) => [f.format, f.attempts, f.costUsd])).toEqual(
      expect.arrayContaining([
        ['srt', 2, 0.00053],
        ['vtt', 3, 0.00053],
      ]),
    )
    expect(m.run.totals.retries).toBe(3)
    expect(delays).toHaveLength(3)
  })

  it('a rate limit pauses the run until Retry-After, and the progress says until when and why', async () => {
    let limited = false
    const { fetch } = fakeFunction(() => {
      if (limited) return { status: 200, body: 'ok' }
      limited = true
      return { status: 429, code: 'rate_limited', costUsd: 0, retryAfter: 12 }
    })
    const clock = new Date('2026-11-25T01:00:00Z')
    const { zip, manifest, progress } = run(
      { videoIds: [RICK], formats: ['srt'], languages: ['en'], mode: 'default' },
      { fetch, now: () => clock },
    )
    await unzip(zip)
    await manifest
    const paused = progress.find((p) => p.pausedUntil !== null)
    expect(paused).toMatchObject({ pausedUntil: clock.getTime() + 12_000, rateLimitWaits: 1, retries: 1 })
    expect(progress.at(-1)).toMatchObject({ files: 1, rateLimitWaits: 1 })
  })

  it('reports a file whose uncharged failures outlast the retries as failed', async () => {
    const { fetch } = fakeFunction(() => ({ status: 503, code: 'storage_unavailable', costUsd: 0 }))
    const { zip, manifest } = run(
      { videoIds: [RICK], formats: ['srt'], languages: ['en'], mode: 'default' },
      { fetch },
    )
    const files = await unzip(zip)
    const m = await manifest
    expect(Object.keys(files).sort()).toEqual(['manifest.json', 'report.csv', 'report.json'])
    expect(m.missing).toMatchObject([
      { outcome: 'failed', status: 503, code: 'storage_unavailable', attempts: 3 },
    ])
  })

  it('never retries a charged failure: one paid call per failing file', async () => {
    const charged: FakeAnswer[] = [
      { status: 500, code: 'upstream_error' },
      { status: 504, code: 'upstream_timeout' },
      { status: 502, code: 'upstream_invalid' },
    ]
    const byFormat = { srt: charged[0]!, vtt: charged[1]!, ttml: charged[2]! }
    const { fetch, requested } = fakeFunction((u) => byFormat[u.searchParams.get('format') as 'srt'])
    const { zip, manifest } = run(
      { videoIds: [RICK], formats: ['srt', 'vtt', 'ttml'], languages: ['en'], mode: 'default' },
      { fetch },
    )
    await unzip(zip)
    const m = await manifest
    expect(requested).toHaveLength(3)
    expect(m.missing.map((x) => [x.code, x.attempts]).sort()).toEqual([
      ['upstream_error', 1],
      ['upstream_invalid', 1],
      ['upstream_timeout', 1],
    ])
    expect(m.run.totals.retries).toBe(0)
    expect(m.run.totals.costUsd).toBe(0.00159) // 3 × $0.00053, each paid once
  })

  it('halts when the budget is spent and says so', async () => {
    const { fetch, requested } = fakeFunction(() => ({ status: 402, code: 'budget_exhausted' }))
    const { zip, manifest } = run(
      { videoIds: [RICK, CJK, ASR], formats: ['srt', 'vtt'], languages: ['en'], mode: 'default' },
      { fetch, concurrency: 1 },
    )
    await unzip(zip)
    const m = await manifest
    expect(requested).toHaveLength(1)
    expect(m.run.outcome).toBe('halted')
    expect(m.run.haltedBy).toMatchObject({ status: 402, code: 'budget_exhausted' })
    expect(m.missing.filter((x) => x.outcome === 'not-fetched')).toHaveLength(5)
    expect(m.missing.filter((x) => x.code === 'halted')).toHaveLength(5)
  })

  it('stopped mid-way: the ZIP holds exactly the files that finished, says it was stopped, and lists the rest', async () => {
    const gates = new Map<string, () => void>()
    const { fetch } = fakeFunction(
      (u) =>
        new Promise<FakeAnswer>((resolve) => {
          gates.set(`${u.pathname.split('/').pop()}/${u.searchParams.get('format')}`, () =>
            resolve({ status: 200, body: u.href }),
          )
        }),
    )
    const selection: BulkSelection = {
      videoIds: [RICK, CJK, ASR],
      formats: ['srt', 'vtt'],
      languages: ['en'],
      mode: 'default',
    }
    const { zip, manifest, controller, progress } = run(selection, { fetch, concurrency: 2 })
    const bytes = zip.arrayBuffer()
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 1))
      expect(cond()).toBe(true)
    }
    await until(() => gates.has(`${RICK}/srt`) && gates.has(`${RICK}/vtt`))
    gates.get(`${RICK}/srt`)!()
    gates.get(`${RICK}/vtt`)!()
    await until(() => gates.has(`${CJK}/srt`) && gates.has(`${CJK}/vtt`))
    gates.get(`${CJK}/srt`)!()
    await until(() => (progress.at(-1)?.settled ?? 0) === 3)
    controller.abort()
    const files = readZip(new Uint8Array(await bytes))
    const m = await manifest
    expect(
      Object.keys(files)
        .filter((p) => p.includes('/'))
        .sort(),
    ).toEqual([`${CJK}/${CJK}.en.srt`, `${RICK}/${RICK}.en.srt`, `${RICK}/${RICK}.en.vtt`])
    expect(m.run.outcome).toBe('stopped')
    expect(m.run.summary).toMatch(/^Stopped/)
    expect(m.files).toHaveLength(3)
    expect(m.missing.map((x) => [x.videoId, x.format, x.outcome]).sort()).toEqual(
      [
        [ASR, 'srt', 'not-fetched'],
        [ASR, 'vtt', 'not-fetched'],
        [CJK, 'vtt', 'not-fetched'],
      ].sort(),
    )
    const report = Papa.parse<Record<string, string>>(strFromU8(files['report.csv']!), {
      header: true,
      skipEmptyLines: true,
    }).data
    expect(report.map((r) => r.code)).toEqual(['stopped', 'stopped', 'stopped'])
  })
})
