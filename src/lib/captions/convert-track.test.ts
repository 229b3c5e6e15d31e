// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import Papa from 'papaparse'
import SrtParser from 'srt-parser-2'
import webvtt from 'webvtt-parser'
import { describe, expect, it } from 'vitest'
import type { CaptionItem } from '#contract/schemas.ts'
import { inProcessApi } from '#testing/api-stub.ts'
import { CONVERTIBLE_FORMATS, isConvertible, type ConvertibleFormat } from './convertible.ts'
import { conversionNote, convertTrack, convertTrackToBytes } from './convert-track.ts'
import { convertedCaptionFileName } from './file-naming.ts'

const VTT_ENTITIES = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('webvtt-parser/html-entities.json'), 'utf8'),
) as Record<string, string>
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  htmlEntities: true,
  isArray: (n) => n === 'p',
})

const item = (offset: number, duration: number, text: string, lang = 'en'): CaptionItem => ({
  text,
  offset,
  duration,
  lang,
  wordCount: text.match(/\w+/g)?.length ?? 0,
  speechRate: 0,
})

const SOURCE = { videoId: 'dQw4w9WgXcQ', lang: 'en', mode: 'default' } as const

/** Entities as the platform escapes them (doubled too), emoji, a line break, a zero-duration cue, an overlap. */
const TRICKY: CaptionItem[] = [
  item(0, 14.65, '[Music]'),
  item(18.8, 7.239, 'we&amp;#39;re no strangers to'),
  item(26.039, 0, 'zero &amp;amp; done'),
  item(26.5, 3.5, 'love 🎶 &lt;3 &quot;quoted&quot;'),
  item(28, 2.25, 'line one\nline two'),
  item(31.001, 1.999, 'you know the rules, and so do I'),
]
const SHOWN = [
  '[Music]',
  "we're no strangers to",
  'zero & done',
  'love 🎶 <3 "quoted"',
  'line one line two',
  'you know the rules, and so do I',
]
const RTL: CaptionItem[] = [item(1.2, 2.3, 'مرحبا بالعالم', 'ar'), item(3.5, 1, 'سلام &amp; خداحافظ', 'ar')]

type Read = { startMs: number; endMs: number | null; text: string }

/** Each format read back with the parser a researcher's tool would use (as e2e/captions.spec.ts reads the service's). */
function readBack(format: ConvertibleFormat, body: string): Read[] {
  const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim()
  switch (format) {
    case 'json':
      return (JSON.parse(body) as CaptionItem[]).map((i) => ({
        startMs: Math.round(i.offset * 1000),
        endMs: Math.round((i.offset + i.duration) * 1000),
        text: i.text,
      }))
    case 'srt':
      return new SrtParser().fromSrt(body).map((c) => ({
        startMs: Math.round(c.startSeconds * 1000),
        endMs: Math.round(c.endSeconds * 1000),
        text: oneLine(c.text),
      }))
    case 'vtt': {
      const parsed = new webvtt.WebVTTParser(VTT_ENTITIES).parse(body)
      // The platform's header lines follow the signature; a zero-duration cue is kept, exact, and noted by the parser.
      const notes = new Set([
        'No blank line after the signature.',
        'End timestamp is not greater than start timestamp.',
      ])
      expect(parsed.errors.filter((e) => !notes.has(e.message))).toEqual([])
      return parsed.cues.map((c) => ({
        startMs: Math.round(c.startTime * 1000),
        endMs: Math.round(c.endTime * 1000),
        text: oneLine(c.text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')),
      }))
    }
    case 'ttml': {
      expect(XMLValidator.validate(body)).toBe(true)
      // A line break is <br/>; read as a space, as the other formats' lines are joined.
      const tt = xml.parse(body.replace(/<br\/>/g, ' ')) as {
        tt: { body: { div: { p: Record<string, string>[] } } }
      }
      const stamp = (s: string) => {
        const [h, m, rest] = s.split(':')
        return Number(h) * 3_600_000 + Number(m) * 60_000 + Math.round(Number(rest) * 1000)
      }
      return tt.tt.body.div.p.map((p) => ({
        startMs: stamp(p.begin!),
        endMs: stamp(p.end!),
        text: p['#text'] ?? '',
      }))
    }
    case 'csv': {
      const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true })
      expect(parsed.errors).toEqual([])
      return parsed.data.map((r) => ({
        startMs: Math.round(Number(r.start) * 1000),
        endMs: Math.round((Number(r.start) + Number(r.duration)) * 1000),
        text: oneLine(r.text!),
      }))
    }
    case 'text':
      return body
        .replace(/\n$/, '')
        .split('\n')
        .map((text) => ({ startMs: 0, endMs: null, text }))
  }
}

describe('free conversions of a bought JSON track', () => {
  it('offers exactly the formats written from the cues alone', () => {
    expect([...CONVERTIBLE_FORMATS].sort()).toEqual(['csv', 'json', 'srt', 'text', 'ttml', 'vtt'])
    for (const f of ['xml', 'srv1', 'srv2', 'srv3', 'json3'] as const) expect(isConvertible(f)).toBe(false)
  })

  it.each(CONVERTIBLE_FORMATS.filter((f) => f !== 'json').map((f) => [f]))(
    '%s: entities decoded as the studio shows them, emoji and line breaks kept, times exact',
    (format) => {
      const cues = readBack(format, convertTrack(TRICKY, format, SOURCE))
      expect(cues.map((c) => c.text)).toEqual(SHOWN)
      if (format === 'text') return
      expect(cues.map((c) => c.startMs)).toEqual([0, 18800, 26039, 26500, 28000, 31001])
      // SRT ends each cue at min(start + duration, next start), as the platform writes it; the others at start + duration.
      expect(cues.map((c) => c.endMs)).toEqual(
        format === 'srt'
          ? [14650, 26039, 26039, 28000, 30250, 33000]
          : [14650, 26039, 26039, 30000, 30250, 33000],
      )
    },
  )

  it('json is the items as bought, byte for byte in the service’s compact layout', () => {
    expect(convertTrack(TRICKY, 'json', SOURCE)).toBe(JSON.stringify(TRICKY))
  })

  it('says it is a conversion where the format can (VTT NOTE, TTML metadata), and in the file name always', () => {
    const vtt = convertTrack(TRICKY, 'vtt', SOURCE)
    expect(new webvtt.WebVTTParser(VTT_ENTITIES).parse(vtt).cues).toHaveLength(TRICKY.length)
    expect(vtt).toMatch(
      /^WEBVTT\nKind: captions\nLanguage: en\n\nNOTE\nConverted by the Poix Research Dashboard/,
    )
    expect(vtt).toContain("not the service's own vtt file")
    const ttml = convertTrack(TRICKY, 'ttml', SOURCE)
    expect(ttml).toContain(`<ttm:desc>${conversionNote('ttml', SOURCE).replace(/'/g, '&#39;')}</ttm:desc>`)
    for (const f of ['srt', 'csv', 'text', 'json'] as const)
      expect(convertTrack(TRICKY, f, SOURCE)).not.toContain('Converted by')
    expect(convertedCaptionFileName('dQw4w9WgXcQ', 'en', 'srt')).toBe('dQw4w9WgXcQ.en.converted.srt')
    expect(convertedCaptionFileName('dQw4w9WgXcQ', 'es-419', 'text')).toBe('dQw4w9WgXcQ.es-419.converted.txt')
  })

  it('right-to-left tracks keep their text and carry the direction in TTML', () => {
    const source = { ...SOURCE, lang: 'ar' }
    const ttml = convertTrack(RTL, 'ttml', source)
    expect(ttml).toContain('xml:lang="ar"')
    expect(ttml).toContain('tts:direction="rtl"')
    expect(readBack('ttml', ttml).map((c) => c.text)).toEqual(['مرحبا بالعالم', 'سلام & خداحافظ'])
    expect(readBack('srt', convertTrack(RTL, 'srt', source)).map((c) => c.text)).toEqual([
      'مرحبا بالعالم',
      'سلام & خداحافظ',
    ])
  })

  it('a long track (10,000 cues, over two hours) converts whole, in order, with hour stamps', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => item(i * 0.9, 1.2, `cue ${i} it&#39;s`))
    for (const format of ['srt', 'vtt', 'ttml', 'csv'] as const) {
      const cues = readBack(format, convertTrack(long, format, SOURCE))
      expect(cues).toHaveLength(10_000)
      expect(cues[9_999]).toMatchObject({ startMs: 8_999_100, text: "cue 9999 it's" })
    }
    expect(convertTrack(long, 'srt', SOURCE)).toContain('02:29:59,100 --> 02:30:00,300')
  })

  it('an empty track converts to an empty file of its format, and bytes are UTF-8', () => {
    expect(convertTrack([], 'srt', SOURCE)).toBe('')
    expect(convertTrack([], 'csv', SOURCE)).toBe('start,duration,text\r\n')
    expect(readBack('vtt', convertTrack([], 'vtt', SOURCE))).toEqual([])
    const bytes = convertTrackToBytes([item(0, 1, 'é🎶')], 'text', SOURCE)
    expect(new TextDecoder().decode(bytes)).toBe('é🎶\n')
    expect(bytes.byteLength).toBe(7)
  })

  it.each([['dQw4w9WgXcQ'], ['Ar7bQx2LmPo'], ['Jp4cK9tRz1U']])(
    'for demo video %s: srt, csv and text equal the service’s files byte for byte; vtt and ttml bar the note',
    async (videoId) => {
      const get = async (format: string) => {
        const res = await inProcessApi(
          new Request(`http://localhost/api/captions/${videoId}?format=${format}`),
        )
        expect(res.status).toBe(200)
        return res.text()
      }
      const items = JSON.parse(await get('json')) as CaptionItem[]
      const source = { videoId, lang: items[0]!.lang, mode: 'default' as const }
      for (const format of ['srt', 'csv', 'text', 'json'] as const)
        expect(convertTrack(items, format, source), format).toBe(await get(format))
      const vttNote = `NOTE\n${conversionNote('vtt', source)}\n\n`
      expect(convertTrack(items, 'vtt', source).replace(vttNote, '')).toBe(await get('vtt'))
      const ttmlNote = `<metadata><ttm:desc>${conversionNote('ttml', source).replace(/'/g, '&#39;')}</ttm:desc></metadata>`
      expect(convertTrack(items, 'ttml', source).replace(ttmlNote, '')).toBe(await get('ttml'))
    },
  )
})
