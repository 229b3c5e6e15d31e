import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  CAPTION_FORMATS,
  CAPTION_MODES,
  CHANNEL_ID_RE,
  COMMENT_FORMATS,
  COMMENT_ID_RE,
  HL_CODES,
  KM_PER_UNIT,
  LANGUAGE_CODES,
  RADIUS_UNITS,
  REPLY_ID_RE,
  maxRadiusIn,
  MIN_RADIUS_KM,
  type RadiusUnit,
} from '#contract/index.ts'
import { Channel } from '#contract/schemas.ts'
import {
  CaptionFilesQuery,
  CaptionQuery,
  ChannelsQuery,
  PopularQuery,
  RepliesQuery,
  SearchQuery,
  VideoIdParam,
  describeIssue,
} from './validation.ts'

type Query = Record<string, unknown>
/** One parameter set to a value the rules refuse (`undefined` removes a required one). */
type Break = { key: string; value: unknown }

// ---- Anything at all: what a careless or hostile client may send. ----

const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }),
  fc.constantFrom(
    '48.8566,2.3522',
    '1000km',
    '1e309km',
    'video',
    '@rickastleyyt',
    'UCuAXFkgsw1L7xaCfnd5JJOw',
    '<script>',
    "' OR '1'='1",
    '__proto__',
  ),
)
const junk: fc.Arbitrary<Query> = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'location',
      'locationRadius',
      'type',
      'pageToken',
      'parentCommentId',
      'format',
      'lang',
      'mode',
      'ids',
      'forHandle',
      'forUsername',
      'hl',
      'fields',
      'download',
      'videoId',
      '__proto__',
      'constructor',
    ),
    fc.string({ maxLength: 10 }),
  ),
  value,
  { maxKeys: 6 },
)

// ---- Valid parameters, built from the rules in contract/ and validation.ts. ----

const ID_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-']
const idString = (minLength: number, maxLength = minLength) =>
  fc.string({ unit: fc.constantFrom(...ID_CHARS), minLength, maxLength })
const videoId = idString(11)
const channelId = idString(22).map((s) => `UC${s}`)
// 20–40 id characters that are neither a channel id nor a reply id: a top-level comment.
const commentId = idString(20, 40).filter((s) => !CHANNEL_ID_RE.test(s))
const TOKEN_CHARS = [...ID_CHARS, '+', '/', '=', '.']
// Base64 with single slashes and dots; never path-like (a leading "/", "//" or "..").
const pageToken = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 500, maxLength: 512 }),
  )
  .filter((t) => !t.startsWith('/') && !t.includes('//') && !t.includes('..'))
const pad = fc.constantFrom('', ' ', '  ')

/** A decimal in [-limit, limit] written the ways the location pattern allows: 48, 48.8566, +48.8, -0.5. */
const degrees = (limit: number) =>
  fc
    .record({
      micro: fc.integer({ min: -limit * 1e6, max: limit * 1e6 }),
      digits: fc.integer({ min: 0, max: 6 }),
      plus: fc.boolean(),
    })
    .map(({ micro, digits, plus }) => {
      const text = (micro / 1e6).toFixed(digits)
      return plus && !text.startsWith('-') ? `+${text}` : text
    })
const location = fc
  .record({ lat: degrees(90), lng: degrees(180), before: pad, around: pad, after: pad })
  .map(({ lat, lng, before, around, after }) => ({
    text: `${before}${lat}${around},${around}${lng}${after}`,
    lat: Number(lat),
    lng: Number(lng),
  }))

/** A radius from 1 mm to 1000 km in any unit, in thousandths of the unit, any letter case. */
const radius = fc
  .constantFrom(...RADIUS_UNITS)
  .chain((unit: RadiusUnit) =>
    fc.record({
      unit: fc.constant(unit),
      thousandths: fc.integer({
        min: Math.ceil((MIN_RADIUS_KM / KM_PER_UNIT[unit]) * 1000),
        max: Math.floor(maxRadiusIn(unit) * 1000),
      }),
      spelling: fc.constantFrom(unit, unit.toUpperCase(), unit[0]!.toUpperCase() + unit.slice(1)),
      gap: pad,
      leadingDot: fc.boolean(),
    }),
  )
  .map(({ unit, thousandths, spelling, gap, leadingDot }) => {
    const value = thousandths / 1000
    const digits = String(value)
    return {
      text: `${leadingDot && value < 1 ? digits.slice(1) : digits}${gap}${spelling}`,
      km: value * KM_PER_UNIT[unit],
    }
  })

const validSearch = fc.record(
  { location, locationRadius: radius, type: fc.constant('video'), pageToken },
  { requiredKeys: ['location', 'locationRadius', 'type'] },
)
const asQuery = ({
  location,
  locationRadius,
  ...rest
}: {
  location: { text: string }
  locationRadius: { text: string }
  type: string
  pageToken?: string
}): Query => ({
  ...rest,
  location: location.text,
  locationRadius: locationRadius.text,
})

const handle = fc
  .record({
    at: fc.boolean(),
    name: fc.string({
      unit: fc.constantFrom(...ID_CHARS, '.', 'é', 'ß', 'ж', '日', '٣'),
      minLength: 3,
      maxLength: 30,
    }),
    gap: pad,
  })
  .map(({ at, name, gap }) => `${gap}${at ? '@' : ''}${name}${gap}`)
const username = fc.string({ unit: fc.constantFrom(...ID_CHARS, '.'), minLength: 1, maxLength: 100 })
const CHANNEL_FIELDS = Object.keys(Channel.shape)
const fields = fc
  .uniqueArray(fc.constantFrom(...CHANNEL_FIELDS), { minLength: 1, maxLength: 6 })
  .map((f) => f.join(','))
// At most 50 ids in all, given as one comma-separated value or as repeated parameters.
const ids = fc.oneof(
  fc.array(channelId, { minLength: 1, maxLength: 50 }).map((a) => a.join(',')),
  fc.array(
    fc.array(channelId, { minLength: 1, maxLength: 10 }).map((a) => a.join(',')),
    { minLength: 2, maxLength: 5 },
  ),
)
const validChannels = fc
  .record(
    { ids, forHandle: handle, forUsername: username, hl: fc.constantFrom(...HL_CODES), fields },
    { requiredKeys: [] },
  )
  .filter((q) => q.ids !== undefined || q.forHandle !== undefined || q.forUsername !== undefined)

const unknownKey = fc.constantFrom('q', 'part', 'key', 'maxResults', 'callback')
const notOnce = <T>(v: fc.Arbitrary<T>) => fc.tuple(v, v).map(([a, b]) => [a, b])
const tooFar = (unit: RadiusUnit) =>
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${Math.ceil(maxRadiusIn(unit)) + n}${unit}`)

/** Per endpoint: the schema, a generator of queries it must accept, and breaks each of which it must refuse, naming that parameter. */
const endpoints: {
  name: string
  schema: z.ZodType
  valid: fc.Arbitrary<Query>
  breaks: fc.Arbitrary<Break>
}[] = [
  {
    name: 'search',
    schema: SearchQuery,
    valid: validSearch.map(asQuery),
    breaks: fc.oneof(
      fc.constantFrom('location', 'locationRadius', 'type').map((key) => ({ key, value: undefined })),
      fc
        .oneof(
          fc.integer({ min: 1, max: 10_000 }).map((n) => `${90 + n / 1000},2.3522`),
          fc.integer({ min: 1, max: 10_000 }).map((n) => `48.8566,-${180 + n / 1000}`),
          fc.constantFrom('48.8566', 'Paris', '1e1,2', '48.8566;2.3522', '48,8566,2,3522', 'NaN,NaN', ''),
          notOnce(location.map((l) => l.text)),
        )
        .map((value) => ({ key: 'location', value })),
      fc
        .oneof(
          fc.constantFrom(...RADIUS_UNITS).chain(tooFar),
          fc.constantFrom('0km', '0.000m', '.0mi', '25', '25 lightyears', '25yd', '-5km', '1e3km', 'km', ''),
          notOnce(radius.map((r) => r.text)),
        )
        .map((value) => ({ key: 'locationRadius', value })),
      fc
        .constantFrom('channel', 'playlist', 'Video', '', ['video', 'video'])
        .map((value) => ({ key: 'type', value })),
      fc
        .constantFrom(
          '',
          'a b',
          'x'.repeat(513),
          'tok%2F',
          ['a', 'b'],
          '../../etc/passwd',
          'a//b',
          '/CDIQAA',
          'a..b',
        )
        .map((value) => ({ key: 'pageToken', value })),
      unknownKey.map((key) => ({ key, value: '1' })),
    ),
  },
  {
    name: 'popularVideos',
    schema: PopularQuery,
    valid: fc.record(
      {
        pageToken,
        regionCode: fc.constantFrom('US', 'FR', 'JP', 'GB', 'BR', 'jp', 'AX'),
        hl: fc.constantFrom(...HL_CODES),
      },
      { requiredKeys: [] },
    ),
    breaks: fc.oneof(
      fc.constantFrom('ZZ', 'USA', 'U', '12', '', 'UK').map((value) => ({ key: 'regionCode', value })),
      fc.constantFrom('en-US', 'zh', 'yue', 'xx', 'EN').map((value) => ({ key: 'hl', value })),
      fc.constantFrom('', 'a b', ['a', 'b'], '..', 'a//b').map((value) => ({ key: 'pageToken', value })),
      unknownKey.map((key) => ({ key, value: '1' })),
    ),
  },
  {
    name: 'captions',
    schema: CaptionQuery,
    valid: fc.record(
      {
        format: fc.constantFrom(...CAPTION_FORMATS),
        lang: fc.constantFrom(...LANGUAGE_CODES),
        mode: fc.constantFrom(...CAPTION_MODES),
        download: fc.constantFrom('0', '1', 'true', 'false'),
      },
      { requiredKeys: [] },
    ),
    breaks: fc.oneof(
      fc.constantFrom('docx', 'SRT', '', ['srt', 'vtt']).map((value) => ({ key: 'format', value })),
      fc.constantFrom('english', 'EN', 'xx', '').map((value) => ({ key: 'lang', value })),
      fc.constantFrom('whisper', 'Default', '').map((value) => ({ key: 'mode', value })),
      fc.constantFrom('yes', '2', '').map((value) => ({ key: 'download', value })),
      unknownKey.map((key) => ({ key, value: '1' })),
    ),
  },
  {
    name: 'caption files',
    schema: CaptionFilesQuery,
    valid: fc.record(
      { lang: fc.constantFrom(...LANGUAGE_CODES), format: fc.constantFrom(...CAPTION_FORMATS) },
      { requiredKeys: [] },
    ),
    breaks: fc.oneof(
      fc.constantFrom('docx', '', ['srt', 'vtt']).map((value) => ({ key: 'format', value })),
      fc.constantFrom('english', 'xx', ['en', 'fr']).map((value) => ({ key: 'lang', value })),
      fc.constantFrom('mode', 'download').map((key) => ({ key, value: 'default' })),
    ),
  },
  {
    name: 'commentReplies',
    schema: RepliesQuery,
    valid: fc.record(
      {
        parentCommentId: fc.tuple(pad, commentId, pad).map((p) => p.join('')),
        pageToken,
        format: fc.constantFrom(...COMMENT_FORMATS),
      },
      { requiredKeys: ['parentCommentId'] },
    ),
    breaks: fc.oneof(
      fc.constant({ key: 'parentCommentId', value: undefined }),
      fc
        .oneof(
          fc.tuple(commentId, idString(10, 40)).map(([p, r]) => `${p}.${r}`),
          videoId,
          channelId,
          idString(1, 19),
          idString(41, 60),
          fc.constantFrom('', 'not a comment id at all', [
            'UgzoQVUwDeGW1IS5_uR4AaABAg',
            'UgzoQVUwDeGW1IS5_uR4AaABAg',
          ]),
        )
        .map((value) => ({ key: 'parentCommentId', value })),
      fc.constantFrom('text', 'HTML', '').map((value) => ({ key: 'format', value })),
      unknownKey.map((key) => ({ key, value: '1' })),
    ),
  },
  {
    name: 'channels',
    schema: ChannelsQuery,
    valid: validChannels,
    breaks: fc.oneof(
      fc
        .oneof(
          fc.constantFrom('', ',', 'UC123', 'rickastley', 'UCuAXFkgsw1L7xaCfnd5JJOw,UC1'),
          fc.array(channelId, { minLength: 51, maxLength: 60 }).map((a) => a.join(',')),
        )
        .map((value) => ({ key: 'ids', value })),
      fc
        .constantFrom('@ab', 'a b c', `@${'a'.repeat(31)}`, '@', '', ['@abc', '@def'])
        .map((value) => ({ key: 'forHandle', value })),
      fc
        .constantFrom('', 'a b', 'x'.repeat(101), 'ümlaut', ['abc', 'def'])
        .map((value) => ({ key: 'forUsername', value })),
      fc.constantFrom('en-US', 'zh', 'xx').map((value) => ({ key: 'hl', value })),
      fc.constantFrom('', ',', 'snippet', 'id,statistics').map((value) => ({ key: 'fields', value })),
      unknownKey.map((key) => ({ key, value: '1' })),
    ),
  },
  {
    name: 'videoId',
    schema: VideoIdParam,
    valid: videoId.map((id) => ({ videoId: id })),
    breaks: fc
      .oneof(
        fc.constant(undefined),
        idString(10),
        idString(12),
        fc.constantFrom('dQw4w9WgXc!', 'dQw4w9 WgXc', ''),
        channelId,
      )
      .map((value) => ({ key: 'videoId', value })),
  },
]

const RUNS = 1500

/** What the 400 names: the first unknown parameter, else the first issue's (as validation.ts's reject hook picks it). */
function namedParam(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): string {
  const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {}
  return describeIssue(first, Object.keys(shape)).param
}

function broken(valid: Query, { key, value }: Break): Query {
  const q = { ...valid }
  if (value === undefined) delete q[key]
  else q[key] = value
  return q
}

describe('the function validators answer every input with success or issues, never a throw', () => {
  it.each(endpoints)('$name', ({ schema, valid, breaks }) => {
    let accepted = 0
    let refused = 0
    const anyQuery = fc.oneof(
      junk,
      valid,
      fc.tuple(valid, breaks).map(([q, b]) => broken(q, b)),
    )
    fc.assert(
      fc.property(anyQuery, (q) => {
        const r = schema.safeParse(q)
        if (r.success) {
          accepted++
          expect(r.data).toBeTypeOf('object')
        } else {
          refused++
          expect(r.error.issues.length).toBeGreaterThan(0)
          for (const issue of r.error.issues) expect(issue.message.length).toBeGreaterThan(0)
        }
      }),
      { numRuns: RUNS },
    )
    // Both branches were reached, often: a third of the cases are valid, two thirds are not.
    expect(accepted).toBeGreaterThan(RUNS / 5)
    expect(refused).toBeGreaterThan(RUNS / 3)
  })
})

describe('each validator accepts the queries its rules allow and refuses each single break, naming the parameter', () => {
  it.each(endpoints)('$name', ({ schema, valid, breaks }) => {
    let accepted = 0
    let refused = 0
    fc.assert(
      fc.property(valid, breaks, (q, b) => {
        const ok = schema.safeParse(q)
        expect(ok.success, JSON.stringify(q)).toBe(true)
        if (ok.success) accepted++
        const bad = broken(q, b)
        const r = schema.safeParse(bad)
        expect(r.success, JSON.stringify(bad)).toBe(false)
        if (!r.success) {
          expect(namedParam(schema, r.error.issues)).toBe(b.key)
          refused++
        }
      }),
      { numRuns: RUNS },
    )
    expect(accepted).toBe(RUNS)
    expect(refused).toBe(RUNS)
  })
})

describe('whatever search accepts is what the service may be asked', () => {
  it('in range, in km, type video, and the same point and distance as asked', () => {
    let passed = 0
    fc.assert(
      fc.property(validSearch, (s) => {
        const r = SearchQuery.safeParse(asQuery(s))
        if (!r.success) return
        passed++
        const [lat, lng] = r.data.location.split(',').map(Number)
        expect(Math.abs(lat!)).toBeLessThanOrEqual(90)
        expect(Math.abs(lng!)).toBeLessThanOrEqual(180)
        expect(Math.abs(lat! - s.location.lat)).toBeLessThan(1e-9)
        expect(Math.abs(lng! - s.location.lng)).toBeLessThan(1e-9)
        expect(r.data.locationRadius).toMatch(/^\d+(\.\d+)?km$/)
        // formatKm rounds to six decimals.
        expect(
          Math.abs(Number(r.data.locationRadius.slice(0, -2)) - s.locationRadius.km),
        ).toBeLessThanOrEqual(5e-7 + 1e-12)
        expect(r.data.type).toBe('video')
        expect(r.data.pageToken).toBe(s.pageToken)
      }),
      { numRuns: RUNS },
    )
    // The assertions above ran on (nearly) every case, not on none.
    expect(passed).toBeGreaterThan(RUNS * 0.95)
  })

  it('replies: the service is asked for the trimmed top-level comment id', () => {
    let passed = 0
    fc.assert(
      fc.property(fc.tuple(pad, commentId, pad), ([before, id, after]) => {
        const r = RepliesQuery.safeParse({ parentCommentId: `${before}${id}${after}` })
        if (!r.success) return
        passed++
        expect(r.data.parentCommentId).toBe(id)
        expect(COMMENT_ID_RE.test(r.data.parentCommentId)).toBe(true)
        expect(REPLY_ID_RE.test(r.data.parentCommentId)).toBe(false)
      }),
      { numRuns: RUNS },
    )
    expect(passed).toBeGreaterThan(RUNS * 0.95)
  })

  it('channels: ids are deduplicated channel ids, fields are channel fields, the handle starts with @', () => {
    let passed = 0
    fc.assert(
      fc.property(validChannels, (q) => {
        const r = ChannelsQuery.safeParse(q)
        if (!r.success) return
        passed++
        if (r.data.ids !== undefined) {
          const out = r.data.ids.split(',')
          expect(new Set(out).size).toBe(out.length)
          for (const id of out) expect(id).toMatch(CHANNEL_ID_RE)
        }
        if (r.data.fields !== undefined)
          for (const f of r.data.fields.split(',')) expect(CHANNEL_FIELDS).toContain(f)
        if (r.data.forHandle !== undefined) expect(r.data.forHandle).toMatch(/^@\S{3,30}$/u)
      }),
      { numRuns: RUNS },
    )
    expect(passed).toBeGreaterThan(RUNS * 0.95)
  })
})
