import { describe, expect, it, vi } from 'vitest'
import { readZip, strFromU8 } from '#testing/read-zip.ts'
import { exportData } from './export-data.ts'
import type { Provenance } from './provenance.ts'

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[])
vi.mock('./download.ts', () => ({
  downloadBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
  downloadText: (text: string, name: string, type: string) =>
    saved.push({ blob: new Blob([text], { type }), name }),
}))

const provenance: Provenance = {
  title: 'Test export',
  viewUrl: 'http://localhost/popular',
  operation: 'GET /popularVideos',
  query: {},
  pagesFetched: 1,
  itemCount: 2,
  costUsd: 0.00013,
  fetchedAt: '2026-11-24T00:00:00.000Z',
  exportedAt: '2026-11-24T00:00:01.000Z',
  dashboardVersion: 't',
  dataSource: 'test',
}

describe('exportData as a ZIP', () => {
  it('holds the CSV, the JSON and provenance.json, each exactly as the single-file exports write them', async () => {
    const req = {
      items: [
        { id: 'a', title: 'Café' },
        { id: 'b', title: '=1+1' },
      ],
      columns: [
        { header: 'id', value: (r: { id: string }) => r.id },
        { header: 'title', value: (r: { title: string }) => r.title },
      ],
      provenance,
      basename: 'popular',
    }
    saved.length = 0
    await exportData('zip', req)
    await exportData('csv', req)
    await exportData('json', req)
    const [zip, csv, json] = saved
    expect(zip!.name).toBe('popular.zip')
    expect(zip!.blob.type).toBe('application/zip')
    const files = readZip(new Uint8Array(await zip!.blob.arrayBuffer()))
    expect(Object.keys(files)).toEqual(['popular.csv', 'popular.json', 'provenance.json'])
    expect(strFromU8(files['popular.csv']!)).toBe(await csv!.blob.text())
    expect(strFromU8(files['popular.json']!)).toBe(await json!.blob.text())
    expect(JSON.parse(strFromU8(files['provenance.json']!))).toEqual(provenance)
  })
})
