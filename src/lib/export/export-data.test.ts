import { describe, expect, it, vi } from 'vitest'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { HARD_VALUES } from '#testing/hard-values.ts'
import { readZip } from '#test-readers/read-zip.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { exportData, type ExportedFile, type ExportRequest } from './export-data.ts'
import type { ProvenanceDraft } from './provenance.ts'

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[])
vi.mock('./download.ts', () => ({
  downloadBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
  downloadText: (text: string, name: string, type: string) =>
    saved.push({ blob: new Blob([text], { type }), name }),
}))

const draft: ProvenanceDraft = {
  title: 'Test export',
  viewUrl: 'http://localhost/popular',
  operation: 'GET /popularVideos',
  query: {},
  view: { filter: { text: 'café' }, sort: 'views', shown: '2 of 3 loaded videos' },
  pagesFetched: 1,
  itemCount: 2,
  costUsd: 0.00013,
  fetchedAt: '2026-11-24T00:00:00.000Z',
}

type Row = { id: string; title: string }
const req: ExportRequest<Row> = {
  items: HARD_VALUES.map((title, i) => ({ id: `v${i}`, title })),
  columns: [
    { header: 'id', value: (r) => r.id },
    { header: 'title', value: (r) => r.title },
  ],
  provenance: draft,
  basename: 'popular',
}

// TextDecoder drops a BOM by default; these files must keep theirs.
const text = (bytes: Uint8Array | ArrayBuffer) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes))

/** What a press saved, and the provenance its link beside it would save. */
async function files(run: () => Promise<ExportedFile>): Promise<Record<string, string>> {
  saved.length = 0
  const { provenance } = await run()
  const out: Record<string, string> = {}
  for (const f of [...saved, ...(provenance ? [provenance] : [])])
    out[f.name] = text(await f.blob.arrayBuffer())
  return out
}

const live = { kind: 'live', name: 'Poix data service', url: 'https://mirror.example.org/v2' }

describe('exportData', () => {
  it('saves one file per press in every format: a CSV hands back its provenance for a link of its own', async () => {
    const perPress: Record<string, string[]> = {}
    for (const format of ['csv', 'excel-csv', 'json', 'zip'] as const) {
      saved.length = 0
      await exportData(format, req)
      perPress[format] = saved.map((f) => f.name)
    }
    expect(perPress).toEqual({
      csv: ['popular.csv'],
      'excel-csv': ['popular.excel-safe.csv'],
      json: ['popular.json'],
      zip: ['popular.zip'],
    })
    const result = await exportData('csv', req)
    expect(result.provenance?.name).toBe('popular.provenance.json')
    expect(JSON.parse(await result.provenance!.blob.text())).toMatchObject({ describes: 'popular.csv' })
  })

  it('writes a strict CSV with exact values, its <name>.provenance.json for the link beside it naming the demo simulator', async () => {
    const out = await files(() => exportData('csv', req))
    expect(Object.keys(out)).toEqual(['popular.csv', 'popular.provenance.json'])
    expect(readStrictCsv(out['popular.csv']!).records.map((r) => r.title)).toEqual(HARD_VALUES)
    const p = JSON.parse(out['popular.provenance.json']!) as Record<string, unknown>
    expect(p).toMatchObject({
      describes: 'popular.csv',
      title: 'Test export',
      source: 'demo simulator (invented data)',
      dataSource: { kind: 'demo', name: 'demo simulator (invented data)', url: null },
      dashboardVersion: 'test',
      view: { filter: { text: 'café' }, sort: 'views', shown: '2 of 3 loaded videos' },
      costUsd: 0.00013,
    })
    expect(p.exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(p).not.toHaveProperty('excelSafe')
  })

  it('names the configured service URL when the function runs live', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/health',
        () => jsonResponse({ mode: 'live', version: '0.1.0', dataSource: live }),
      ),
    )
    const out = await files(() => exportData('csv', req))
    expect(JSON.parse(out['popular.provenance.json']!)).toMatchObject({
      source: 'https://mirror.example.org/v2',
      dataSource: live,
    })
    const json = JSON.parse((await files(() => exportData('json', req)))['popular.json']!) as {
      provenance: { source: string }
    }
    expect(json.provenance.source).toBe('https://mirror.example.org/v2')
  })

  it('says the source is unconfirmed, and still exports, when /api/health fails', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/health',
        () => jsonResponse({ error: { code: 'x', message: 'down' } }, 503),
      ),
    )
    const out = await files(() => exportData('csv', req))
    const p = JSON.parse(out['popular.provenance.json']!) as { source: string; dataSource: { kind: string } }
    expect(p.dataSource.kind).toBe('unknown')
    expect(p.source).toMatch(/^not confirmed/)
    expect(p.source).not.toMatch(/poix\.io/)
  })

  it('writes the Excel-safe variant under its own name, its provenance saying what it changed', async () => {
    const out = await files(() => exportData('excel-csv', req))
    expect(Object.keys(out)).toEqual(['popular.excel-safe.csv', 'popular.excel-safe.provenance.json'])
    const titles = readStrictCsv(out['popular.excel-safe.csv']!).records.map((r) => r.title)
    expect(titles[2]).toBe(`'=HYPERLINK("http://evil")`)
    const p = JSON.parse(out['popular.excel-safe.provenance.json']!) as {
      excelSafe: unknown
      describes: string
    }
    expect(p.describes).toBe('popular.excel-safe.csv')
    expect(p.excelSafe).toMatchObject({
      columns: ['title'],
      cells: 4,
      rule: expect.stringMatching(/apostrophe/),
    })
  })

  it('puts the CSV, the JSON and the provenance in a ZIP, each as the single-file exports write them', async () => {
    const single = {
      ...(await files(() => exportData('csv', req))),
      ...(await files(() => exportData('json', req))),
    }
    saved.length = 0
    await exportData('zip', req)
    const [zip] = saved
    expect(zip!.name).toBe('popular.zip')
    expect(zip!.blob.type).toBe('application/zip')
    const inside = readZip(new Uint8Array(await zip!.blob.arrayBuffer()))
    expect(Object.keys(inside)).toEqual(['popular.csv', 'popular.json', 'popular.provenance.json'])
    expect(text(inside['popular.csv']!)).toBe(single['popular.csv'])
    const drop = (s: string) => ({ ...(JSON.parse(s) as object), exportedAt: 0 })
    expect(drop(text(inside['popular.provenance.json']!))).toEqual(drop(single['popular.provenance.json']!))
    const json = JSON.parse(text(inside['popular.json']!)) as { provenance: object; items: Row[] }
    expect(json.items).toEqual(req.items)
    expect(json.provenance).toMatchObject({ source: 'demo simulator (invented data)', title: 'Test export' })
  })
})
