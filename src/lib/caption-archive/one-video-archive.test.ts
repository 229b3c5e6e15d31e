/** The caption studio's ZIP: a bulk run of one video through the same pipeline (formerly captions/lib/caption-archive.test.ts). */
import { describe, expect, it } from 'vitest'
import { ApiError, type Receipt } from '#lib/paid-fetch.ts'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { startBulkRun, type FetchBytes } from './archive-run.ts'
import { planBulk, type BulkPlan, type BulkSelection } from './plan.ts'

const VIDEO = 'dQw4w9WgXcQ'
const SRT = new TextEncoder().encode('1\n00:00:00,000 --> 00:00:01,000\nhé\n')
// A byte-order mark, CRLF and a byte that is not UTF-8: a file must reach the ZIP exactly as the function sent it.
const RAW = new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0x5d, 0x0d, 0x0a, 0xff])

/** en srt: paid; en json: from the function's cache; fr: no captions (a charged refusal). */
const fetch: FetchBytes = async (url, init) => {
  const u = new URL(url, 'http://localhost')
  const format = u.searchParams.get('format')
  const lang = u.searchParams.get('lang')
  const cache = lang === 'en' && format === 'json' ? 'HIT' : 'MISS'
  const receipt: Receipt = {
    url,
    costUsd: cache === 'HIT' ? 0 : 0.00053,
    cache,
    fetchedAt: '2024-01-01T00:00:00.500Z',
  }
  init.onReceipt?.(receipt)
  if (lang === 'fr') throw new ApiError(404, 'captions_unavailable', 'No captions in fr.')
  return { bytes: format === 'srt' ? SRT : RAW, contentType: 'text/plain; charset=utf-8', receipt }
}

function clock() {
  let t = Date.parse('2024-01-01T00:00:00.000Z')
  return () => new Date(t++)
}

const selection: BulkSelection = {
  videoIds: [VIDEO],
  formats: ['srt', 'json'],
  languages: ['en', 'fr'],
  mode: 'default',
}

function run(plan: BulkPlan = planBulk(selection)) {
  return startBulkRun({
    plan,
    selection,
    viewUrl: `http://x/videos/${VIDEO}`,
    concurrency: 3,
    signal: new AbortController().signal,
    fetch,
    sleep: async () => undefined,
    now: clock(),
  })
}

describe('caption archive of one video', () => {
  it('records video, languages, formats, modes, times and costs', async () => {
    const { zip, manifest: pending } = run()
    await zip.arrayBuffer()
    const manifest = await pending
    expect(manifest.run).toMatchObject({
      selection: { videoIds: [VIDEO], languages: ['en', 'fr'], formats: ['srt', 'json'], mode: 'default' },
      totals: { plannedRequests: 4, files: 2, unavailable: 2, cacheHits: 1 },
      startedAt: '2024-01-01T00:00:00.000Z',
      viewUrl: `http://x/videos/${VIDEO}`,
    })
    expect(Date.parse(manifest.run.finishedAt)).toBeGreaterThan(Date.parse(manifest.run.startedAt))
    // Everything the function charged, its refusals included (the bulk run's rule, now the studio's too).
    expect(manifest.run.totals.costUsd).toBe(0.00159)
    const srt = manifest.files.find((f) => f.format === 'srt')
    expect(srt).toMatchObject({
      path: `${VIDEO}/${VIDEO}.en.srt`,
      cache: 'MISS',
      costUsd: 0.00053,
      bytes: 36,
    }) // UTF-8: é is two bytes
    expect(srt).not.toHaveProperty('text')
    expect(manifest.files.find((f) => f.format === 'json')).toMatchObject({
      cache: 'HIT',
      costUsd: 0,
      bytes: RAW.byteLength,
    })
    expect(manifest.missing.map((m) => [m.langRequested, m.format, m.outcome, m.code])).toEqual(
      expect.arrayContaining([
        ['fr', 'srt', 'unavailable', 'captions_unavailable'],
        ['fr', 'json', 'unavailable', 'captions_unavailable'],
      ]),
    )
  })

  it('zips every file under its name, bytes unchanged, with manifest.json beside them', async () => {
    const { zip, manifest } = run()
    const files = readZip(new Uint8Array(await zip.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual([
      `${VIDEO}/${VIDEO}.en.json`,
      `${VIDEO}/${VIDEO}.en.srt`,
      'manifest.json',
      'report.csv',
      'report.json',
    ])
    expect(strFromU8(files[`${VIDEO}/${VIDEO}.en.srt`]!)).toContain('hé')
    expect([...files[`${VIDEO}/${VIDEO}.en.json`]!]).toEqual([...RAW])
    expect(JSON.parse(strFromU8(files['manifest.json']!))).toEqual(await manifest)
  })

  it('refuses two files with the same name rather than losing one', async () => {
    const plan = planBulk({ ...selection, formats: ['srt'], languages: ['en'] })
    const twice = {
      ...plan,
      jobs: [plan.jobs[0]!, { ...plan.jobs[0]!, key: `${plan.jobs[0]!.key}/again` }],
      requests: 2,
    }
    const { zip, manifest } = run(twice)
    await expect(zip.arrayBuffer()).rejects.toThrow(/both be/)
    await expect(manifest).rejects.toThrow(/both be/)
  })
})
