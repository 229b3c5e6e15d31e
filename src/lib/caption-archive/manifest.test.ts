import { describe, expect, it } from 'vitest'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import {
  buildManifest,
  reportCsv,
  reportJson,
  type FileRecord,
  type ManifestInput,
  type MissingRecord,
} from './manifest.ts'

const file = (over: Partial<FileRecord> = {}): FileRecord => ({
  path: 'dQw4w9WgXcQ/dQw4w9WgXcQ.en.srt',
  videoId: 'dQw4w9WgXcQ',
  format: 'srt',
  source: 'exact',
  mode: 'default',
  langRequested: 'en',
  langReceived: 'en',
  langFrom: 'request',
  url: '/api/captions/dQw4w9WgXcQ?format=srt&lang=en&mode=default',
  contentType: 'application/x-subrip; charset=utf-8',
  bytes: 1200,
  costUsd: 0.00053,
  cache: 'MISS',
  fetchedAt: '2026-05-01T10:00:01.000Z',
  attempts: 1,
  ...over,
})

const missing = (over: Partial<MissingRecord> = {}): MissingRecord => ({
  outcome: 'unavailable',
  videoId: 'Zp3xQe9LbTg',
  format: 'srt',
  source: 'exact',
  mode: 'default',
  langRequested: 'en',
  url: '/api/captions/Zp3xQe9LbTg?format=srt&lang=en&mode=default',
  status: 404,
  code: 'captions_unavailable',
  message:
    'This video has no captions in en; mode=fallback-whisper or mode=force-whisper transcribes its audio.',
  attempts: 1,
  costUsd: 0.00053,
  at: '2026-05-01T10:00:02.000Z',
  lookupOnly: false,
  ...over,
})

const input = (over: Partial<ManifestInput> = {}): ManifestInput => ({
  outcome: 'complete',
  startedAt: new Date('2026-05-01T10:00:00Z'),
  finishedAt: new Date('2026-05-01T10:00:05Z'),
  viewUrl: 'http://localhost/bulk?ids=dQw4w9WgXcQ,Zp3xQe9LbTg&formats=srt&langs=en',
  selection: {
    videoIds: ['dQw4w9WgXcQ', 'Zp3xQe9LbTg'],
    formats: ['srt'],
    languages: ['en'],
    mode: 'default',
  },
  concurrency: 4,
  maxAttempts: 3,
  plannedRequests: 2,
  files: [file(), file({ path: 'x/x.en.vtt', format: 'vtt', bytes: 800, cache: 'HIT', costUsd: 0 })],
  lookups: [],
  missing: [missing()],
  costUsd: 0.00106,
  retries: 1,
  dataSource: { kind: 'demo', name: 'demo simulator (invented data)', url: null },
  ...over,
})

describe('buildManifest', () => {
  it('records the run, its selection, totals and every file', () => {
    const m = buildManifest(input())
    expect(m.kind).toBe('poix-bulk-captions')
    expect(m.run).toMatchObject({
      outcome: 'complete',
      startedAt: '2026-05-01T10:00:00.000Z',
      finishedAt: '2026-05-01T10:00:05.000Z',
      haltedBy: null,
      selection: {
        videoIds: ['dQw4w9WgXcQ', 'Zp3xQe9LbTg'],
        formats: ['srt'],
        languages: ['en'],
        mode: 'default',
      },
      concurrency: 4,
      maxAttempts: 3,
      dashboardVersion: 'test',
      source: 'demo simulator (invented data)',
      dataSource: { kind: 'demo', name: 'demo simulator (invented data)', url: null },
      totals: {
        plannedRequests: 2,
        files: 2,
        lookups: 0,
        unavailable: 1,
        failed: 0,
        skipped: 0,
        notFetched: 0,
        bytes: 2000,
        costUsd: 0.00106,
        cacheHits: 1,
        retries: 1,
      },
    })
    expect(m.run.summary).toBe('Complete: 2 files saved, 1 file not saved (from 1 video), see report.csv.')
    expect(m.files).toHaveLength(2)
    expect(m.missing).toEqual([missing()])
  })

  it('cites the live service by its configured address', () => {
    const dataSource = { kind: 'live', name: 'Poix data service', url: 'https://mirror.example.org' } as const
    expect(buildManifest(input({ dataSource })).run).toMatchObject({
      source: 'https://mirror.example.org',
      dataSource,
    })
  })

  it('says a stopped ZIP holds only what finished', () => {
    const m = buildManifest(
      input({
        outcome: 'stopped',
        missing: [missing({ outcome: 'not-fetched', status: null, code: 'stopped', attempts: 0, at: null })],
      }),
    )
    expect(m.run.outcome).toBe('stopped')
    expect(m.run.summary).toMatch(
      /^Stopped by the researcher: this ZIP holds only the 2 files saved before the stop, 1 file not saved/,
    )
    expect(m.run.totals.notFetched).toBe(1)
  })

  it('says why a run halted', () => {
    const m = buildManifest(
      input({
        outcome: 'halted',
        haltedBy: { status: 402, code: 'budget_exhausted', message: 'The budget of $1.00 is spent.' },
      }),
    )
    expect(m.run.haltedBy).toEqual({
      status: 402,
      code: 'budget_exhausted',
      message: 'The budget of $1.00 is spent.',
    })
    expect(m.run.summary).toMatch(/^Halted: The budget of \$1\.00 is spent\./)
  })
})

describe('the report of missing files', () => {
  it('has one row per missing file with the function’s error code and message', () => {
    const rows = readStrictCsv(
      reportCsv([
        missing(),
        missing({
          outcome: 'not-fetched',
          status: null,
          code: 'stopped',
          langRequested: null,
          format: 'json',
          lookupOnly: true,
        }),
      ]),
    ).records
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      outcome: 'unavailable',
      videoId: 'Zp3xQe9LbTg',
      lang: 'en',
      format: 'srt',
      status: '404',
      code: 'captions_unavailable',
      attempts: '1',
    })
    expect(rows[0]!.message).toMatch(/no captions in en/)
    expect(rows[1]).toMatchObject({
      outcome: 'not-fetched',
      lang: 'default',
      format: 'json (language lookup)',
      status: '',
      code: 'stopped',
    })
  })

  it('keeps a message exactly, even one that looks like a formula or spans lines', () => {
    const message = '=HYPERLINK("http://evil")\n@second line'
    expect(readStrictCsv(reportCsv([missing({ message })])).records[0]!.message).toBe(message)
  })

  it('has its header on line 1 even when nothing is missing', () => {
    expect(reportCsv([])).toBe(
      '\uFEFFoutcome,videoId,lang,format,mode,status,code,message,attempts,costUsd,url,at\r\n',
    )
  })

  it('is also JSON', () => {
    const m = buildManifest(input())
    expect(JSON.parse(reportJson(m))).toEqual({
      run: {
        outcome: 'complete',
        summary: m.run.summary,
        startedAt: m.run.startedAt,
        finishedAt: m.run.finishedAt,
      },
      missing: m.missing,
    })
  })
})
