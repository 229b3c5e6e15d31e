import { describe, expect, it } from 'vitest'
import { CAPTION_FORMATS, type CaptionFormat, type LanguageCode } from '#contract/index.ts'
import type { CaptionSubject, Cue, TrackSource } from '../types.ts'
import { toMs } from './cue-timing.ts'
import { CAPTION_CONTENT_TYPES, captionTrack, renderCaptions } from './index.ts'
import {
  normaliseText,
  parseVtt,
  readCaptions,
  rollingMainCues,
  vttCueText,
  xmlIsWellFormed,
} from '../testing/test-readers.ts'

type Track = { name: string; cues: Cue[]; meta: { lang: string; source: TrackSource; languageName: string } }

function track(
  lang: LanguageCode,
  source: 'manual' | 'asr',
  durationSec = 300,
  mode: 'default' | 'fallback-auto-translated' | 'force-whisper' = 'default',
  asked: LanguageCode = lang,
): Track {
  const subject: CaptionSubject = {
    videoId: `vid${lang.replace('-', '')}${source}`.padEnd(11, 'x').slice(0, 11),
    title: lang,
    durationSec,
    tracks: [{ lang, source }],
  }
  const result = captionTrack(subject, asked, mode)
  if (!result.ok) throw new Error(result.message)
  return { name: `${result.languageName} [${result.source}]`, cues: result.cues, meta: result }
}

const handmade: Cue[] = [
  { offset: 0, duration: 14.65, text: '[Music]', lang: 'en' },
  { offset: 18.8, duration: 7.239, text: 'we&amp;#39;re no strangers to', lang: 'en' },
  {
    offset: 26.039,
    duration: 3.5,
    text: 'R&amp;amp;B &lt;b&gt;bold&lt;/b&gt; ]]&gt; &quot;quoted&quot;\nsecond line',
    lang: 'en',
  },
  { offset: 27, duration: 2, text: 'a --&gt; b &amp;amp;amp; c', lang: 'en' },
]

const TRACKS: Track[] = [
  track('en', 'manual'),
  track('en', 'asr'),
  track('ar', 'manual'),
  track('fa', 'asr'),
  track('iw', 'manual'),
  track('ja', 'manual'),
  track('zh-TW', 'asr'),
  track('ko', 'asr'),
  track('ru', 'manual'),
  track('hi', 'asr'),
  track('en', 'asr', 300, 'fallback-auto-translated', 'iw'),
  track('en', 'manual', 300, 'force-whisper', 'fa'),
  {
    name: 'handmade tricky text',
    cues: handmade,
    meta: { lang: 'en', source: 'manual', languageName: 'English' },
  },
  {
    name: 'handmade tricky text [asr]',
    cues: handmade,
    meta: { lang: 'en', source: 'asr', languageName: 'English (auto-generated)' },
  },
]

const XML_FORMATS: CaptionFormat[] = ['xml', 'srv1', 'srv2', 'srv3', 'ttml']

describe.each(TRACKS)('every format carries the same cues: $name', ({ cues, meta }) => {
  const expected = cues.map((cue) => ({ startMs: toMs(cue.offset), text: normaliseText(cue.text) }))

  it.each(CAPTION_FORMATS)('%s', (format) => {
    const rendered = renderCaptions(format, cues, meta)
    expect(rendered.format).toBe(format)
    expect(rendered.contentType).toBe(CAPTION_CONTENT_TYPES[format])
    if (XML_FORMATS.includes(format)) expect(xmlIsWellFormed(rendered.body)).toBe(true)
    if (format === 'vtt') {
      // webvtt-parser predates the platform's `Kind:`/`Language:` header lines and flags exactly those two; nothing else.
      expect(parseVtt(rendered.body).errors).toEqual([
        { message: 'No blank line after the signature.', line: 2 },
        { message: 'No blank line after the signature.', line: 3 },
      ])
    }
    const read = readCaptions(format, rendered.body, meta.source === 'asr')
    const actual = read.map((cue) => ({ startMs: cue.startMs, text: normaliseText(cue.text) }))
    // `text` has no timings (our layout): compare its texts only.
    expect(actual).toEqual(
      format === 'text' ? expected.map(({ text }) => ({ startMs: null, text })) : expected,
    )
  })
})

describe('layouts as the platform writes them (service-facts samples)', () => {
  const sample = handmade
    .slice(0, 2)
    .map((cue, i) => (i === 1 ? { ...cue, text: 'we&#39;re no strangers to' } : cue))
  const manual = { lang: 'en', source: 'manual' as const, languageName: 'English' }
  const twoLines: Cue[] = [{ offset: 9.87, duration: 6.24, text: 'line one\nline two', lang: 'en' }]

  it('srv1 reproduces the sample byte for byte (the raw &#39; becomes &amp;#39;)', () => {
    expect(renderCaptions('srv1', sample, manual).body).toBe(
      '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0" dur="14.65">[Music]</text><text start="18.8" dur="7.239">we&amp;#39;re no strangers to</text></transcript>',
    )
  })

  it('json reproduces the sample items, escaping kept', () => {
    expect(JSON.parse(renderCaptions('json', handmade.slice(0, 2), manual).body)).toEqual([
      { text: '[Music]', duration: 14.65, offset: 0, lang: 'en', wordCount: 1, speechRate: 5 },
      {
        text: 'we&amp;#39;re no strangers to',
        duration: 7.239,
        offset: 18.8,
        lang: 'en',
        wordCount: 7,
        speechRate: 59,
      },
    ])
  })

  it('xml is srv1 with the displayed text escaped once', () => {
    expect(renderCaptions('xml', sample, manual).body).toContain(
      '<text start="18.8" dur="7.239">we&#39;re no strangers to</text>',
    )
  })

  it('srv2, srv3, json3 and ttml write milliseconds / clock times and keep line breaks as the samples do', () => {
    expect(
      renderCaptions('srv2', [{ offset: 1.2, duration: 2.3, text: 'Hello world', lang: 'en' }], manual).body,
    ).toMatch(
      /^<\?xml version="1\.0" encoding="utf-8" \?><timedtext><window [^>]*\/><text t="1200" d="2300"[^>]*>Hello world<\/text><\/timedtext>$/,
    )
    expect(renderCaptions('srv3', twoLines, manual).body).toContain('<timedtext format="3">')
    expect(renderCaptions('srv3', twoLines, manual).body).toContain(
      '<p t="9870" d="6240">line one\nline two</p>',
    )
    expect(JSON.parse(renderCaptions('json3', twoLines, manual).body)).toEqual({
      wireMagic: 'pb3',
      pens: [{}],
      wsWinStyles: [{}],
      wpWinPositions: [{}],
      events: [{ tStartMs: 9870, dDurationMs: 6240, segs: [{ utf8: 'line one\nline two' }] }],
    })
    const ttml = renderCaptions('ttml', twoLines, manual).body
    expect(ttml).toMatch(/<tt xml:lang="en" xmlns="http:\/\/www\.w3\.org\/ns\/ttml" [^>]*xmlns:tts=/)
    expect(ttml).toContain('<body region="r1">\n<div>')
    expect(ttml).toContain('<p begin="00:00:09.870" end="00:00:16.110" style="s2">line one<br/>line two</p>')
    expect(renderCaptions('ttml', twoLines, { ...manual, lang: 'ar' }).body).toContain('tts:direction="rtl"')
  })

  it('vtt starts with the WEBVTT / Kind / Language header', () => {
    expect(
      renderCaptions('vtt', twoLines, { lang: 'ja', source: 'manual', languageName: 'Japanese' }).body,
    ).toBe('WEBVTT\nKind: captions\nLanguage: ja\n\n00:00:09.870 --> 00:00:16.110\nline one\nline two\n\n')
  })

  it('srt numbers its cues and ends each at min(start + duration, next start)', () => {
    const overlapping: Cue[] = [
      { offset: 1.36, duration: 5, text: 'first', lang: 'en' },
      { offset: 3.04, duration: 2, text: 'second', lang: 'en' },
      { offset: 10, duration: 1.5, text: 'third', lang: 'en' },
    ]
    expect(renderCaptions('srt', overlapping, manual).body).toBe(
      '1\n00:00:01,360 --> 00:00:03,040\nfirst\n\n2\n00:00:03,040 --> 00:00:05,040\nsecond\n\n3\n00:00:10,000 --> 00:00:11,500\nthird\n\n',
    )
    const { cues, meta } = TRACKS[0]!
    const read = readCaptions('srt', renderCaptions('srt', cues, meta).body)
    expect(read).toHaveLength(cues.length)
  })

  it('csv has a start,duration,text header and quotes multi-line text (RFC 4180)', () => {
    expect(renderCaptions('csv', twoLines, manual).body).toBe(
      'start,duration,text\r\n9.87,6.24,"line one\nline two"',
    )
  })

  it('text is one line per cue, entities decoded', () => {
    expect(renderCaptions('text', handmade, manual).body.split('\n')[1]).toBe("we're no strangers to")
  })

  it('rejects an unknown format with a message naming the valid ones', () => {
    expect(() => renderCaptions('docx' as CaptionFormat, twoLines, manual)).toThrow(
      /Unknown caption format "docx".*srv3/,
    )
  })
})

describe('auto-generated (asr) layouts', () => {
  const { cues, meta } = track('en', 'asr', 120)

  it('vtt rolls: previous line on top, timed words below, a 10 ms hold cue with the completed line, align:start position:0%', () => {
    const parsed = parseVtt(renderCaptions('vtt', cues, meta).body).cues
    expect(parsed.every((cue) => cue.alignment === 'start' && cue.textPosition === 0)).toBe(true)
    const main = rollingMainCues(parsed)
    const holds = parsed.filter((cue) => !main.includes(cue))
    expect(main).toHaveLength(cues.length)
    expect(holds).toHaveLength(cues.length)
    main.forEach((cue, i) => {
      const [above] = vttCueText(cue).split('\n')
      expect(normaliseText(above ?? '')).toBe(i === 0 ? '' : normaliseText(cues[i - 1]!.text))
    })
    holds.forEach((hold, i) => {
      expect(Math.round((hold.endTime - hold.startTime) * 1000)).toBe(10)
      expect(normaliseText(vttCueText(hold).split('\n')[0] ?? '')).toBe(normaliseText(cues[i]!.text))
      const next = cues[i + 1]
      const end = next
        ? Math.min(toMs(cues[i]!.offset + cues[i]!.duration), toMs(next.offset))
        : toMs(cues[i]!.offset + cues[i]!.duration)
      expect(Math.round(hold.endTime * 1000)).toBe(end)
    })
  })

  it('srv3, json3 and vtt carry the same per-word timings, spread evenly over each cue', () => {
    const srv3 = renderCaptions('srv3', cues, meta).body
    const json3 = JSON.parse(renderCaptions('json3', cues, meta).body) as {
      events: {
        tStartMs: number
        segs?: { utf8: string; tOffsetMs?: number }[]
        aAppend?: number
        id?: number
      }[]
    }
    const vtt = renderCaptions('vtt', cues, meta).body
    expect(json3.events[0]).toMatchObject({ tStartMs: 0, id: 1 })
    expect(json3.events[0]?.segs).toBeUndefined()
    expect(json3.events.filter((event) => event.aAppend === 1)).toHaveLength(cues.length - 1)
    expect(srv3.match(/ a="1">\n<\/p>/g)).toHaveLength(cues.length - 1)

    const wordEvents = json3.events.filter((event) => event.segs && event.aAppend === undefined)
    const srv3Offsets = [...srv3.matchAll(/<s t="(\d+)"/g)].map((m) => Number(m[1]))
    const json3Offsets = wordEvents.flatMap((event) =>
      (event.segs ?? []).flatMap((seg) => (seg.tOffsetMs === undefined ? [] : [seg.tOffsetMs])),
    )
    const vttAbsolute = [...vtt.matchAll(/<(\d\d):(\d\d):(\d\d)\.(\d{3})><c>/g)].map(
      ([, h, m, s, ms]) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms),
    )
    const json3Absolute = wordEvents.flatMap((event) =>
      (event.segs ?? []).flatMap((seg) =>
        seg.tOffsetMs === undefined ? [] : [event.tStartMs + seg.tOffsetMs],
      ),
    )
    expect(srv3Offsets).toEqual(json3Offsets)
    expect(vttAbsolute).toEqual(json3Absolute)
    const first = wordEvents.find((event) => (event.segs?.length ?? 0) > 2)!
    const words = first.segs!.length
    const durationMs = Number(new RegExp(`<p t="${first.tStartMs}" d="(\\d+)" w="1">`).exec(srv3)?.[1])
    expect(first.segs!.map((seg) => seg.tOffsetMs ?? 0)).toEqual(
      Array.from({ length: words }, (_, k) => Math.round((k * durationMs) / words)),
    )
    expect(srv3).toMatch(/<p t="\d+" d="\d+" w="1"><s ac="255">[^<]+<\/s><s t="\d+" ac="255"> [^<]+<\/s>/)
  })
})

describe('a 3-hour video', () => {
  it('has thousands of cues and every format renders and reads back complete', () => {
    const { cues, meta } = track('en', 'asr', 3 * 3600)
    expect(cues.length).toBeGreaterThan(2000)
    for (const format of CAPTION_FORMATS) {
      const { body } = renderCaptions(format, cues, meta)
      expect(readCaptions(format, body, true), format).toHaveLength(cues.length)
    }
  })
})
