/** Shapes of the coding HTTP interface (docs/openapi.json): codes of a collection and the codings that apply them to segments. */
import { z } from 'zod'
import { VideoId } from './collections.ts'
import { COMMENT_ID_RE, REPLY_ID_RE } from './identifiers.ts'

/** Limits the function enforces (400 naming the parameter beyond them). */
export const CODING_LIMITS = {
  codeNameMax: 200,
  codeDescriptionMax: 5_000,
  codesPerCollection: 2_000,
  /** Codes applied to one selection in one call. */
  codeIdsPerCall: 50,
  memoMax: 20_000,
  coderMax: 100,
  /** A reply's text, its author and its date as the thread viewer shows them. */
  replyTextMax: 20_000,
  replyMetaMax: 1_000,
  /** A cues segment spans at most this many seconds (a long interview's hour). */
  segmentSecondsMax: 6 * 3600,
} as const

/** The colour a code gets when none is given. */
export const DEFAULT_CODE_COLOR = '#4e79a7'

/** localStorage key of the coder's display name in the browser. */
export const CODER_NAME_KEY = 'poix.coder-name'

export const Uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a UUID')
  .transform((s) => s.toLowerCase())

/** `#rrggbb`, stored lowercase. */
const CodeColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'color must be #rrggbb, for example #4e79a7')
  .transform((s) => s.toLowerCase())

const CodeName = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(CODING_LIMITS.codeNameMax)
  .refine((s) => !/\p{Cc}/u.test(s), 'name must not hold control characters')

export const Code = z.object({
  id: z.string(),
  collectionId: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  /** Order among its siblings, from 0. */
  position: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
})
export type Code = z.infer<typeof Code>

export const CodeInput = z.strictObject({
  name: CodeName,
  color: CodeColor.optional(),
  description: z.string().max(CODING_LIMITS.codeDescriptionMax).optional(),
  parentId: Uuid.nullish(),
  /** Order among its siblings; after the last one when absent. */
  position: z.number().int().nonnegative().max(1_000_000).optional(),
})
export type CodeInput = z.infer<typeof CodeInput>

export const CodePatch = z
  .strictObject({
    name: CodeName.optional(),
    color: CodeColor.optional(),
    description: z.string().max(CODING_LIMITS.codeDescriptionMax).optional(),
    /** null moves the code to the top level. */
    parentId: Uuid.nullable().optional(),
    position: z.number().int().nonnegative().max(1_000_000).optional(),
  })
  .refine(
    (p) => Object.keys(p).length > 0,
    'Nothing to change: give name, color, description, parentId or position.',
  )
export type CodePatch = z.infer<typeof CodePatch>

export const CodeList = z.object({ codes: z.array(Code) })
export type CodeList = z.infer<typeof CodeList>

/** DELETE …/codes/:codeId answers how many codings went with the code. */
export const DeletedCode = z.object({ deletedCodings: z.number().int() })
export type DeletedCode = z.infer<typeof DeletedCode>

/** Seconds in a video's timeline. */
const Seconds = z.number('expected seconds as a number').nonnegative().max(1e7)

/** Cues as the client selects them: the first selected cue's start, the last one's start + duration; the function resolves the cues. */
const CuesSegmentInput = z
  .strictObject({ kind: z.literal('cues'), videoId: VideoId, start: Seconds, end: Seconds })
  .refine((s) => s.end > s.start, { message: 'end must be after start', path: ['end'] })
  .refine((s) => s.end - s.start <= CODING_LIMITS.segmentSecondsMax, {
    message: `a segment spans at most ${CODING_LIMITS.segmentSecondsMax} seconds`,
    path: ['end'],
  })

const CommentId = z
  .string()
  .refine(
    (s) => COMMENT_ID_RE.test(s) || REPLY_ID_RE.test(s),
    'expected a comment id or a reply id <commentId>.<replyId>',
  )
const ReplyMeta = z.string().max(CODING_LIMITS.replyMetaMax).nullable()

/** A comment or reply of the thread viewer, as shown (plain text). */
export const ReplySegment = z.strictObject({
  kind: z.literal('reply'),
  videoId: VideoId.nullable(),
  commentId: CommentId,
  /** The thread's top-level comment; null for the top-level comment itself. */
  parentId: z.string().regex(COMMENT_ID_RE, 'expected a comment id').nullable(),
  author: ReplyMeta,
  publishedAt: ReplyMeta,
  text: z.string().trim().min(1, 'text must not be empty').max(CODING_LIMITS.replyTextMax),
})
export type ReplySegment = z.infer<typeof ReplySegment>

export const SegmentInput = z.discriminatedUnion('kind', [CuesSegmentInput, ReplySegment])
export type SegmentInput = z.infer<typeof SegmentInput>

/** Resolved cues of a collected corpus track: cues firstSeq..lastSeq, start = the first cue's start, end = the last cue's start + duration. */
export const CuesSegment = z.object({
  kind: z.literal('cues'),
  videoId: z.string(),
  lang: z.string(),
  start: z.number(),
  end: z.number(),
  firstSeq: z.number().int(),
  lastSeq: z.number().int(),
  /** The cues' cleaned texts joined with '\n'. */
  text: z.string(),
})
export type CuesSegment = z.infer<typeof CuesSegment>

export const Segment = z.discriminatedUnion('kind', [CuesSegment, ReplySegment])
export type Segment = z.infer<typeof Segment>

export const Coding = z.object({
  id: z.string(),
  collectionId: z.string(),
  codeId: z.string(),
  segment: Segment,
  memo: z.string(),
  coder: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
})
export type Coding = z.infer<typeof Coding>

const Memo = z.string().max(CODING_LIMITS.memoMax)
const Coder = z
  .string('coder is required: the display name you code under')
  .trim()
  .min(1, 'coder is required: the display name you code under')
  .max(CODING_LIMITS.coderMax)

export const CreateCodingsBody = z.strictObject({
  codeIds: z
    .array(Uuid, 'codeIds must be a list of code ids')
    .min(1, 'codeIds must name at least one code')
    .max(CODING_LIMITS.codeIdsPerCall),
  segment: SegmentInput,
  memo: Memo.optional(),
  coder: Coder,
})
export type CreateCodingsBody = z.input<typeof CreateCodingsBody>

export const CodingPatch = z
  .strictObject({ memo: Memo.optional(), codeId: Uuid.optional() })
  .refine((p) => p.memo !== undefined || p.codeId !== undefined, 'Nothing to change: give memo or codeId.')
export type CodingPatch = z.input<typeof CodingPatch>

export const CodingList = z.object({ codings: z.array(Coding) })
export type CodingList = z.infer<typeof CodingList>

/** GET …/codings filters. */
export const CodingsQuery = z.strictObject({
  videoId: VideoId.optional(),
  codeId: Uuid.optional(),
})
export type CodingsQuery = z.infer<typeof CodingsQuery>

export const TRANSCRIPT_FORMATS = ['nvivo', 'maxqda', 'atlasti'] as const
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number]
