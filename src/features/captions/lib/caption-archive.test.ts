import { describe, expect, it } from 'vitest'
import { strFromU8, unzipSync } from 'fflate'
import { makeCaptionManifest, zipCaptionArchive, type FetchedCaptionFile } from './caption-archive.ts'

const file = (format: 'srt' | 'json', costUsd: number, cache: 'HIT' | 'MISS'): FetchedCaptionFile => ({
  name: `dQw4w9WgXcQ.en.${format}`,
  format,
  lang: 'en',
  mode: 'default',
  url: `/api/captions/dQw4w9WgXcQ?format=${format}&lang=en&mode=default&download=1`,
  text: format === 'srt' ? '1\n00:00:00,000 --> 00:00:01,000\nhé\n' : '[]',
  contentType: 'text/plain',
  costUsd,
  cache,
  fetchedAt: '2024-01-01T00:00:00.000Z',
})

describe('caption archive', () => {
  const files = [file('srt', 0.00053, 'MISS'), file('json', 0, 'HIT')]
  const unavailable = [
    {
      name: 'dQw4w9WgXcQ.fr.srt',
      format: 'srt' as const,
      lang: 'fr',
      mode: 'default' as const,
      url: '/api/…',
      status: 404,
      code: 'captions_unavailable',
      message: 'No captions in fr.',
      at: '2024-01-01T00:00:01.000Z',
    },
  ]
  const manifest = makeCaptionManifest({
    videoId: 'dQw4w9WgXcQ',
    viewUrl: 'http://x/videos/dQw4w9WgXcQ',
    startedAt: '2024-01-01T00:00:00.000Z',
    files,
    unavailable,
    createdAt: '2024-01-01T00:00:02.000Z',
    dashboardVersion: 't',
  })

  it('records video, languages, formats, modes, times and costs', () => {
    expect(manifest).toMatchObject({
      video: { id: 'dQw4w9WgXcQ' },
      languages: ['en', 'fr'],
      formats: ['srt', 'json'],
      modes: ['default'],
      requests: 3,
      costUsd: 0.00053,
      startedAt: '2024-01-01T00:00:00.000Z',
      createdAt: '2024-01-01T00:00:02.000Z',
    })
    expect(manifest.files[0]).toMatchObject({
      name: 'dQw4w9WgXcQ.en.srt',
      cache: 'MISS',
      costUsd: 0.00053,
      bytes: 36,
    }) // UTF-8: é is two bytes
    expect(manifest.files[0]).not.toHaveProperty('text')
    expect(manifest.unavailable[0]!.code).toBe('captions_unavailable')
  })

  it('zips every file under its name with manifest.json beside them', () => {
    const unzipped = unzipSync(zipCaptionArchive(files, manifest))
    expect(Object.keys(unzipped).sort()).toEqual([
      'dQw4w9WgXcQ.en.json',
      'dQw4w9WgXcQ.en.srt',
      'manifest.json',
    ])
    expect(strFromU8(unzipped['dQw4w9WgXcQ.en.srt']!)).toContain('hé')
    expect(JSON.parse(strFromU8(unzipped['manifest.json']!))).toEqual(manifest)
  })

  it('refuses two files with the same name rather than losing one', () => {
    expect(() => zipCaptionArchive([files[0]!, files[0]!], manifest)).toThrow(/both be named/)
  })
})
