import { describe, expect, it } from 'vitest'
import { CAPTION_FORMATS } from '#contract/index.ts'
import {
  CAPTION_EXT,
  CAPTION_MIME,
  captionContentType,
  captionFileName,
  isCaptionFormat,
} from './file-naming.ts'
import { captionFileListUrl, captionTrackUrl } from './caption-request.ts'

const EXPECTED: Record<string, [ext: string, mime: string]> = {
  json: ['json', 'application/json'],
  text: ['txt', 'text/plain'],
  csv: ['csv', 'text/csv'],
  xml: ['xml', 'text/xml'],
  srt: ['srt', 'application/x-subrip'],
  vtt: ['vtt', 'text/vtt'],
  ttml: ['ttml', 'application/ttml+xml'],
  srv1: ['srv1', 'text/xml'],
  srv2: ['srv2', 'text/xml'],
  srv3: ['srv3', 'text/xml'],
  json3: ['json3', 'application/json'],
}

describe('caption file naming', () => {
  it.each(CAPTION_FORMATS.map((f) => [f]))('names and types %s files', (format) => {
    const [ext, mime] = EXPECTED[format]!
    expect(CAPTION_EXT[format]).toBe(ext)
    expect(CAPTION_MIME[format]).toBe(mime)
    expect(captionFileName('dQw4w9WgXcQ', 'en', format)).toBe(`dQw4w9WgXcQ.en.${ext}`)
    expect(captionContentType(format)).toBe(`${mime}; charset=utf-8`)
  })

  it('covers exactly the 11 formats, with distinct names per video and language', () => {
    expect(Object.keys(CAPTION_EXT).sort()).toEqual([...CAPTION_FORMATS].sort())
    expect(Object.keys(CAPTION_MIME).sort()).toEqual([...CAPTION_FORMATS].sort())
    expect(new Set(CAPTION_FORMATS.map((f) => captionFileName('dQw4w9WgXcQ', 'en', f))).size).toBe(11)
  })

  it('keeps region and script subtags', () => {
    expect(captionFileName('dQw4w9WgXcQ', 'es-419', 'vtt')).toBe('dQw4w9WgXcQ.es-419.vtt')
    expect(captionFileName('dQw4w9WgXcQ', 'sr-Latn', 'text')).toBe('dQw4w9WgXcQ.sr-Latn.txt')
  })

  it('refuses parts that would make an unsafe or wrong name', () => {
    expect(() => captionFileName('../etc', 'en', 'srt')).toThrow(/video id/)
    expect(() => captionFileName('dQw4w9WgXcQ', '../../x', 'srt')).toThrow(/language code/)
    expect(() => captionFileName('dQw4w9WgXcQ', 'en', 'docx' as never)).toThrow(/caption format/)
  })

  it('recognises format names', () => {
    expect(isCaptionFormat('json3')).toBe(true)
    expect(isCaptionFormat('txt')).toBe(false)
  })
})

describe('caption request URLs', () => {
  it('builds the exact /api paths, leaving unset parts out', () => {
    expect(captionTrackUrl({ videoId: 'dQw4w9WgXcQ' })).toBe(
      '/api/captions/dQw4w9WgXcQ?format=json&mode=default',
    )
    expect(
      captionTrackUrl({ videoId: 'dQw4w9WgXcQ', format: 'srt', lang: 'en', mode: 'default', download: true }),
    ).toBe('/api/captions/dQw4w9WgXcQ?format=srt&lang=en&mode=default&download=1')
    expect(captionFileListUrl('dQw4w9WgXcQ')).toBe('/api/files/captions/dQw4w9WgXcQ')
    expect(captionFileListUrl('dQw4w9WgXcQ', { lang: 'fr' })).toBe('/api/files/captions/dQw4w9WgXcQ?lang=fr')
  })
})
