import { describe, expect, it } from 'vitest'
import { CAPTION_FORMATS, type CaptionFormat } from '#contract/index.ts'
import { ApiFailure } from '../errors.ts'
import { renderCaptions } from '#simulator/captions/index.ts'
import {
  ANCHOR_VIDEO_ID,
  ASR_ONLY_VIDEO_ID,
  CJK_VIDEO_ID,
  HOSTILE_VIDEO_ID,
  LONG_VIDEO_ID,
  RTL_VIDEO_ID,
} from '#simulator/data/anchors.ts'
import { status, testSimulator } from '#simulator/testing/test-client.ts'
import { fakeUpstream } from '../testing/fake-upstream.ts'
import { captionBodyFailure } from './caption-body-check.ts'

const FILE_FORMATS = CAPTION_FORMATS.filter((f): f is Exclude<CaptionFormat, 'json'> => f !== 'json')
const ITEMS = JSON.stringify([{ text: 'we&#39;re no strangers', duration: 2.5, offset: 18.8, lang: 'en' }])

/** The refusal for `body` in `format`, or undefined when the check lets the body through. */
const refusal = captionBodyFailure

describe('every caption file the simulator writes passes the check', () => {
  const sim = testSimulator()
  const asks = [
    `${ANCHOR_VIDEO_ID}?lang=en`,
    `${LONG_VIDEO_ID}?mode=default`,
    `${RTL_VIDEO_ID}?lang=ar`,
    `${RTL_VIDEO_ID}?lang=en`,
    `${CJK_VIDEO_ID}?lang=ja`,
    `${ASR_ONLY_VIDEO_ID}?lang=en`,
    `${HOSTILE_VIDEO_ID}?mode=force-whisper`,
    `${ANCHOR_VIDEO_ID}?lang=fr&mode=fallback-auto-translated`,
  ]
  it.each(FILE_FORMATS)('%s', async (format) => {
    for (const ask of asks) {
      const res = await status(sim, `/captions/${ask}&format=${format}`)
      expect(res.status, `${ask}: ${res.body.slice(0, 200)}`).toBe(200)
      expect(refusal(format, res.body), ask).toBeUndefined()
      expect(refusal(format, `\uFEFF${res.body}`), `${ask} with a BOM`).toBeUndefined()
    }
  })

  it.each(FILE_FORMATS)('%s of an empty track, manual and auto-generated', (format) => {
    for (const source of ['manual', 'asr'] as const) {
      const body = renderCaptions(format, [], { lang: 'en', source, languageName: 'English' }).body
      expect(refusal(format, body), `${source}: ${JSON.stringify(body)}`).toBeUndefined()
    }
  })
})

describe('a body that is not the format asked for is refused as upstream_invalid', () => {
  const ttml =
    '<?xml version="1.0" encoding="utf-8" ?><tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="00:00:01.000" end="00:00:02.000">hi</p></div></body></tt>\n'
  const transcript =
    '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="1" dur="1">hi</text></transcript>'
  it.each<[CaptionFormat, string, RegExp]>([
    ['vtt', ITEMS, /format=vtt is not WebVTT: it is JSON/],
    ['vtt', 'WEBVTTX\n\n00:00.000 --> 00:01.000\nhi\n', /does not start with WEBVTT/],
    ['vtt', '', /does not start with WEBVTT/],
    ['srt', ITEMS, /format=srt is not SubRip: it is JSON/],
    ['srt', 'hello there\n', /no cue timing line/],
    ['text', ITEMS, /format=text is not plain text: it is JSON/],
    ['text', '{"text":"hi"}', /it is JSON/],
    ['text', '[]', /it is JSON/],
    ['csv', ITEMS, /format=csv is not CSV: it is JSON/],
    ['csv', 'just words\n', /no header line/],
    ['ttml', transcript, /has the root element <transcript>, not <tt>/],
    ['ttml', ttml.slice(0, ttml.indexOf('</div>')), /cut off before its closing <\/tt>/],
    ['ttml', ITEMS, /is not XML/],
    ['srv1', ttml, /has the root element <tt>, not <transcript> or <timedtext>/],
    ['xml', ITEMS, /format=xml is not transcript XML: it is not XML/],
    ['srv2', '', /is not XML/],
    [
      'srv3',
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<body>\n<p t="0" d="10">hi',
      /cut off before its closing <\/timedtext>/,
    ],
    ['json3', '{"wireMagic":"pb3","events":[{"tStartMs":0', /is not valid JSON/],
    ['json3', ITEMS, /has no "events" array/],
    ['json3', '{"events":{}}', /has no "events" array/],
  ])('%s: %j', (format, body, message) => {
    const failure = refusal(format, body)
    expect(failure).toBeInstanceOf(ApiFailure)
    expect(failure).toMatchObject({ status: 502, code: 'upstream_invalid' })
    expect(failure!.message).toMatch(message)
    expect(failure!.message).toMatch(/Nothing was cached\.$/)
  })

  it.each<[CaptionFormat, string]>([
    ['srt', ''],
    ['srt', ' \r\n'],
    ['text', ''],
    ['text', '[Music]\n'],
    ['text', '[1]\n'],
    ['csv', ''],
    ['vtt', 'WEBVTT'],
    ['vtt', '\uFEFF\r\nWEBVTT - a title\r\n\r\n'],
    [
      'ttml',
      '<!-- made by hand --><!DOCTYPE tt><tt:tt xmlns:tt="http://www.w3.org/ns/ttml"><tt:body/></tt:tt>\n\n',
    ],
    ['srv1', '<transcript/>'],
    ['srv2', '<?xml version="1.0"?>\n<timedtext >\n</timedtext >\n'],
    ['json3', '{"events":[]}'],
  ])('lets a valid %s through: %j', (format, body) => {
    expect(refusal(format, body)).toBeUndefined()
  })

  it('leaves json to the contract schema', () => {
    expect(refusal('json', ITEMS.slice(0, 10))).toBeUndefined()
  })
})

describe('GET /api/captions: a mislabelled answer is refused and never kept', () => {
  it('format=vtt answered with JSON: 502 upstream_invalid, and the next identical request asks the service again', async () => {
    const { app, seen } = fakeUpstream(() => new Response(ITEMS, { headers: { 'Content-Type': 'text/vtt' } }))
    for (const attempt of [1, 2]) {
      const res = await app.request(`/api/captions/${ANCHOR_VIDEO_ID}?format=vtt&lang=en`)
      expect(res.status).toBe(502)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('upstream_invalid')
      expect(body.error.message).toMatch(/format=vtt is not WebVTT: it is JSON/)
      expect(seen).toHaveLength(attempt)
    }
  })

  it('format=json cut off mid-array: 502 upstream_invalid (not valid JSON)', async () => {
    const { app } = fakeUpstream(
      () =>
        new Response(ITEMS.slice(0, ITEMS.length - 20), { headers: { 'Content-Type': 'application/json' } }),
    )
    const res = await app.request(`/api/captions/${ANCHOR_VIDEO_ID}?format=json&lang=en`)
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({
      error: { code: 'upstream_invalid', message: expect.stringMatching(/not valid JSON/) },
    })
  })

  it('a real vtt file passes through', async () => {
    const { app } = fakeUpstream(
      () =>
        new Response('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi\n', {
          headers: { 'Content-Type': 'text/vtt' },
        }),
    )
    expect((await app.request(`/api/captions/${ANCHOR_VIDEO_ID}?format=vtt&lang=en`)).status).toBe(200)
  })
})
