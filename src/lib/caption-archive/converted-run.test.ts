import { describe, expect, it } from 'vitest'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { inProcessApi, stubApi } from '#testing/api-stub.ts'
import { startBulkRun } from './archive-run.ts'
import { planBothWays, planBulk, type BulkSelection } from './plan.ts'

const RICK = 'dQw4w9WgXcQ' // en es de fr ja ar
const CJK = 'Jp4cK9tRz1U' // ja zh-CN ko en
const NONE = 'Zp3xQe9LbTg' // no captions at all

async function runThrough(selection: BulkSelection, signal = new AbortController().signal) {
  const requested: string[] = []
  stubApi((req) => {
    // Caption requests only: the manifest also asks /api/health which source to cite (free).
    if (new URL(req.url).pathname.startsWith('/api/captions/'))
      requested.push(new URL(req.url).pathname + new URL(req.url).search)
    return inProcessApi(req)
  })
  const handle = startBulkRun({
    plan: planBulk(selection),
    selection,
    viewUrl: 'http://localhost/bulk',
    concurrency: 2,
    signal,
    sleep: async () => undefined,
  })
  const files = readZip(new Uint8Array(await handle.zip.arrayBuffer()))
  return { files, manifest: await handle.manifest, requested }
}

describe('a converted bulk run', () => {
  it('buys one JSON track per video and language, writes the convertible formats from it and buys the others exact', async () => {
    const { files, manifest, requested } = await runThrough({
      videoIds: [RICK, CJK, NONE],
      formats: ['srt', 'vtt', 'srv3'],
      languages: 'default',
      mode: 'default',
      files: 'converted',
    })
    // One JSON track per video (it names the language too), and the one format that cannot be converted.
    expect(requested.filter((u) => u.includes('format=json')).sort()).toEqual(
      [RICK, CJK, NONE].map((id) => `/api/captions/${id}?format=json&mode=default`).sort(),
    )
    expect(requested.filter((u) => !u.includes('format=json')).sort()).toEqual([
      `/api/captions/${CJK}?format=srv3&lang=ja&mode=default`,
      `/api/captions/${RICK}?format=srv3&lang=en&mode=default`,
    ])
    expect(
      Object.keys(files)
        .filter((p) => p.includes('/'))
        .sort(),
    ).toEqual(
      [
        `${CJK}/${CJK}.ja.converted.srt`,
        `${CJK}/${CJK}.ja.converted.vtt`,
        `${CJK}/${CJK}.ja.srv3`,
        `${RICK}/${RICK}.en.converted.srt`,
        `${RICK}/${RICK}.en.converted.vtt`,
        `${RICK}/${RICK}.en.srv3`,
      ].sort(),
    )
    // The converted SRT is the service's SRT, byte for byte; the VTT says it is converted.
    const serviceSrt = await (
      await inProcessApi(new Request(`http://localhost/api/captions/${RICK}?format=srt&lang=en`))
    ).text()
    expect(strFromU8(files[`${RICK}/${RICK}.en.converted.srt`]!)).toBe(serviceSrt)
    expect(strFromU8(files[`${RICK}/${RICK}.en.converted.vtt`]!)).toMatch(
      /^WEBVTT\n[\s\S]*NOTE\nConverted by/,
    )

    expect(manifest.run.selection.files).toBe('converted')
    expect(manifest.run.summary).toBe(
      'Complete: 6 files saved (4 converted here from JSON tracks), 4 files not saved (from 1 video), see report.csv.',
    )
    expect(manifest.run.totals).toMatchObject({ plannedRequests: 6, files: 6, converted: 4, lookups: 2 })
    const srt = manifest.files.find((f) => f.path === `${RICK}/${RICK}.en.converted.srt`)!
    expect(srt).toMatchObject({
      source: 'converted',
      format: 'srt',
      costUsd: 0,
      url: `/api/captions/${RICK}?format=json&mode=default`,
      langReceived: 'en',
    })
    expect(manifest.files.find((f) => f.format === 'srv3')?.source).toBe('exact')
    // The video without captions: its JSON failed, so neither conversion was made, each reported as converted.
    const none = manifest.missing.filter((m) => m.videoId === NONE)
    expect(none.map((m) => `${m.format}:${m.source}:${m.outcome}`).sort()).toEqual(
      [
        'json:exact:unavailable',
        'srt:converted:unavailable',
        'srv3:exact:skipped',
        'vtt:converted:unavailable',
      ].sort(),
    )
    expect(strFromU8(files['report.csv']!)).toContain('srt (converted)')
  })

  it('stopped before it began: every converted format is listed as not fetched, apart from its JSON track', async () => {
    const stopped = new AbortController()
    stopped.abort(new DOMException('Stopped by the researcher.', 'AbortError'))
    const { manifest, requested } = await runThrough(
      { videoIds: [RICK], formats: ['json', 'srt'], languages: ['en'], mode: 'default', files: 'converted' },
      stopped.signal,
    )
    expect(requested).toEqual([])
    expect(manifest.run.outcome).toBe('stopped')
    expect(manifest.missing.map((m) => [m.format, m.source, m.outcome, m.code])).toEqual([
      ['json', 'exact', 'not-fetched', 'stopped'],
      ['srt', 'converted', 'not-fetched', 'stopped'],
    ])
  })
})

describe('the bulk plan, priced both ways', () => {
  const videoIds = Array.from({ length: 50 }, (_, i) => `vid${String(i).padStart(8, '0')}`)

  it('4 formats × 50 videos: $0.106 exact, $0.0265 converted', () => {
    const both = planBothWays({
      videoIds,
      formats: ['srt', 'vtt', 'csv', 'text'],
      languages: ['en'],
      mode: 'default',
    })
    expect(both.exact).toMatchObject({ requests: 200, priceUsd: 0.106, files: 200, converted: 0 })
    expect(both.converted).toMatchObject({ requests: 50, priceUsd: 0.0265, files: 200, converted: 200 })
    expect(both.exactOnly).toEqual([])
  })

  it('formats that cannot be converted are bought exact both ways, and the plan names them', () => {
    const both = planBothWays({
      videoIds,
      formats: ['json', 'srt', 'xml', 'json3'],
      languages: ['en', 'fr'],
      mode: 'default',
    })
    expect(both.exactOnly).toEqual(['xml', 'json3'])
    expect(both.convertible).toEqual(['json', 'srt'])
    expect(both.exact).toMatchObject({ requests: 400, priceUsd: 0.212 })
    // Per video and language: the JSON (kept as a file, srt written from it), xml and json3.
    expect(both.converted).toMatchObject({ requests: 300, priceUsd: 0.159, files: 400, converted: 100 })
  })

  it('with each video’s default language the converted run’s JSON is also its lookup', () => {
    const both = planBothWays({
      videoIds,
      formats: ['srt', 'vtt', 'csv', 'text'],
      languages: 'default',
      mode: 'default',
    })
    expect(both.exact).toMatchObject({ requests: 250, priceUsd: 0.1325, lookupsOnly: 50 })
    expect(both.converted).toMatchObject({ requests: 50, priceUsd: 0.0265, lookupsOnly: 0, files: 200 })
  })
})
