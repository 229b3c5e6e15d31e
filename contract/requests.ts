/** The function's request parameters as zod schemas: the function validates with them, the SPA builds its requests to them. */
import { z } from 'zod'
import { CAPTION_FORMATS, CAPTION_MODES, COMMENT_FORMATS, HL_CODES, LANGUAGE_CODES } from './enums.ts'
import { formatKm, formatLocation, parseRadius } from './geo.ts'
import {
  CHANNEL_ID_RE,
  normaliseHandle,
  parentOfCommentId,
  REPLY_ID_RE,
  USERNAME_RE,
  VIDEO_ID_RE,
} from './identifiers.ts'
import { LocationParam, required } from './location-param.ts'
import { isRegionCode } from './regions.ts'
import { Channel } from './schemas.ts'

function oneOf<T extends readonly [string, ...string[]]>(name: string, values: T) {
  const list =
    values.length > 20 ? `${values.slice(0, 20).join(', ')}, … (${values.length} codes)` : values.join(', ')
  return z.enum(values, {
    error: (iss) =>
      Array.isArray(iss.input)
        ? `${name} may be given only once.`
        : `${name} "${String(iss.input)}" is not one of ${list}.`,
  })
}

/** Opaque, but never path-like: base64 may hold a single `/`, a token never `..`, `//` or a leading `/`. */
const PAGE_TOKEN = z
  .string(required('pageToken', 'the nextPageToken of the previous page'))
  .regex(
    /^[A-Za-z0-9+/=_.-]{1,512}$/,
    'pageToken must be the nextPageToken of the previous page (letters, digits, + / = _ . -).',
  )
  .refine(
    (t) => !t.startsWith('/') && !t.includes('//') && !t.includes('..'),
    'pageToken must be the nextPageToken of the previous page; a page token never starts with "/" or holds "//" or "..": start again from the first page.',
  )

export const VideoIdParam = z.object({
  videoId: z.string().regex(VIDEO_ID_RE, 'videoId must be exactly 11 characters of A–Z, a–z, 0–9, _ and -.'),
})

/** GET /api/search. */
export const SearchQuery = z.strictObject({
  location: LocationParam.transform(formatLocation),
  locationRadius: z
    .string(
      required(
        'locationRadius',
        'a positive number with a unit of m, km, mi or ft, at most 1000 km, e.g. 25km',
      ),
    )
    .transform((s, ctx) => {
      const r = parseRadius(s)
      if (!r.ok) {
        ctx.addIssue({
          code: 'custom',
          message: r.message.startsWith('locationRadius') ? r.message : `locationRadius: ${r.message}`,
        })
        return z.NEVER
      }
      return formatKm(r.value.km) // the service is always asked in km
    }),
  type: z.literal('video', {
    error: (iss) =>
      iss.input === undefined
        ? 'type is required and must be "video".'
        : `type must be "video", not "${String(iss.input)}".`,
  }),
  pageToken: PAGE_TOKEN.optional(),
})
/** What the SPA sends to GET /api/search (before validation: text as the function receives it). */
export type SearchRequest = z.input<typeof SearchQuery>

/** GET /api/popularVideos: regionCode and hl are sent only when chosen (the service documents no parameters; docs/decisions/0032). */
export const PopularQuery = z.strictObject({
  pageToken: PAGE_TOKEN.optional(),
  regionCode: z
    .string()
    .transform((s, ctx) => {
      const code = s.trim().toUpperCase() // one spelling, so one cache entry per region
      if (!isRegionCode(code)) {
        ctx.addIssue({
          code: 'custom',
          message: `regionCode "${s.slice(0, 20)}" is not an ISO 3166-1 alpha-2 region code, e.g. US, GB or JP.`,
        })
        return z.NEVER
      }
      return code
    })
    .optional(),
  hl: oneOf('hl', HL_CODES as unknown as [string, ...string[]]).optional(),
})
export type PopularRequest = z.input<typeof PopularQuery>

/** GET /api/videos/:videoId/captions. */
export const CaptionQuery = z.strictObject({
  format: oneOf('format', CAPTION_FORMATS).optional(),
  lang: oneOf('lang', LANGUAGE_CODES).optional(),
  mode: oneOf('mode', CAPTION_MODES).optional(),
  download: z.enum(['0', '1', 'true', 'false'], { error: 'download must be 1 or 0.' }).optional(),
})

/** GET /api/videos/:videoId/caption-files. */
export const CaptionFilesQuery = z.strictObject({
  lang: oneOf('lang', LANGUAGE_CODES).optional(),
  format: oneOf('format', CAPTION_FORMATS).optional(),
})

/** GET /api/comment-replies. */
export const RepliesQuery = z.strictObject({
  parentCommentId: z
    .string(required('parentCommentId', 'the id of a top-level comment'))
    .transform((s, ctx) => {
      const id = s.trim()
      const reply = REPLY_ID_RE.exec(id)
      if (reply) {
        ctx.addIssue({
          code: 'custom',
          message: `parentCommentId "${id}" is a reply id; only top-level comments have replies: use ${reply[1]}.`,
        })
        return z.NEVER
      }
      if (!parentOfCommentId(id)) {
        ctx.addIssue({
          code: 'custom',
          message: `parentCommentId "${id.slice(0, 60)}" is not a comment id (20–40 letters, digits, _ or -).`,
        })
        return z.NEVER
      }
      return id
    }),
  pageToken: PAGE_TOKEN.optional(),
  format: oneOf('format', COMMENT_FORMATS).optional(),
})
export type RepliesRequest = z.input<typeof RepliesQuery>

const CHANNEL_FIELDS = Object.keys(Channel.shape)

/** GET /api/channels. */
export const ChannelsQuery = z
  .strictObject({
    ids: z
      .union([z.string(), z.array(z.string())])
      .transform((v, ctx) => {
        const ids = (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean)
        const bad = ids.find((id) => !CHANNEL_ID_RE.test(id))
        if (bad !== undefined || ids.length === 0) {
          ctx.addIssue({
            code: 'custom',
            message: `ids must be channel ids (UC followed by 22 characters), comma-separated${bad ? `; "${bad.slice(0, 40)}" is not one` : ''}.`,
          })
          return z.NEVER
        }
        if (ids.length > 50) {
          ctx.addIssue({
            code: 'custom',
            message: `ids may name at most 50 channels at once (got ${ids.length}).`,
          })
          return z.NEVER
        }
        return [...new Set(ids)].join(',')
      })
      .optional(),
    forHandle: z
      .string(required('forHandle', 'a handle such as @name'))
      .transform((s, ctx) => {
        const h = normaliseHandle(s)
        if (!h) {
          ctx.addIssue({
            code: 'custom',
            message: `forHandle "${s.slice(0, 40)}" is not a handle (@ and 3–30 letters, digits, _, - or .).`,
          })
          return z.NEVER
        }
        return h
      })
      .optional(),
    forUsername: z
      .string(required('forUsername', 'a legacy username'))
      .regex(USERNAME_RE, 'forUsername must be letters, digits, _, . or - (at most 100).')
      .optional(),
    hl: oneOf('hl', HL_CODES as unknown as [string, ...string[]]).optional(),
    fields: z
      .string(required('fields', 'comma-separated channel field names'))
      .transform((s, ctx) => {
        const fields = s
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
        const bad = fields.find((f) => !CHANNEL_FIELDS.includes(f))
        if (bad !== undefined || fields.length === 0) {
          ctx.addIssue({
            code: 'custom',
            message: `fields must be channel field names separated by commas${bad ? `; "${bad.slice(0, 40)}" is not one` : ''}. Allowed: ${CHANNEL_FIELDS.join(', ')}.`,
          })
          return z.NEVER
        }
        return [...new Set(fields)].join(',')
      })
      .optional(),
  })
  .refine((q) => q.ids !== undefined || q.forHandle !== undefined || q.forUsername !== undefined, {
    message: 'Give at least one of ids, forHandle or forUsername.',
    path: ['ids'],
  })
export type ChannelsRequest = z.input<typeof ChannelsQuery>
