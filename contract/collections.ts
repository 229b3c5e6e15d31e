/** Shapes of the collections HTTP interface (docs/openapi.json): the function answers them, the SPA and scripts validate them. */
import { z } from 'zod'
import { CAPTION_MODES } from './enums.ts'
import { VIDEO_ID_RE } from './identifiers.ts'

/** Limits the function enforces (400 naming the parameter beyond them). */
export const COLLECTION_LIMITS = {
  nameMax: 200,
  descriptionMax: 5_000,
  idsPerCall: 10_000,
  videosPerCollection: 100_000,
  labelMax: 500,
  metaTextMax: 1_000,
  searchLimitMax: 500,
} as const

/** What collecting one track costs at most (a caption track, spec Limits). */
export const PER_TRACK_USD = 0.00053

const TRACK_STATES = ['wanted', 'collected', 'unavailable', 'failed'] as const
export type TrackState = (typeof TRACK_STATES)[number]

const JOB_STATES = ['running', 'stopped', 'done', 'capped'] as const

const FOUND_BY_KINDS = ['search', 'popular', 'channel', 'bulk', 'paste', 'api', 'sweep'] as const
export type FoundByKind = (typeof FOUND_BY_KINDS)[number]

export const VideoId = z.string().regex(VIDEO_ID_RE, 'expected an 11-character video id')

/** The ids of an area sweep's circles that found one video (`c1`, `c12`…). */
const SweepCircles = z.array(z.string().regex(/^c\d{1,5}$/, 'expected a circle id such as c1')).max(10_000)

/** Where a video was found: the list view and its query, so a corpus can say how it was built. */
export const FoundBy = z.object({
  kind: z.enum(FOUND_BY_KINDS),
  label: z.string().max(COLLECTION_LIMITS.labelMax),
  query: z.record(z.string(), z.string().max(COLLECTION_LIMITS.metaTextMax)).optional(),
  /** A dashboard path (starts with `/`), never a service address. */
  url: z
    .string()
    .max(2_000)
    .regex(/^\/(?!\/)/, 'expected a dashboard path')
    .optional(),
  /** Epoch milliseconds; the function fills it in when absent. */
  at: z.number().int().nonnegative(),
  /** A sweep's entry only: the circles that found this video (from its VideoMeta). */
  circles: SweepCircles.optional(),
})
export type FoundBy = z.infer<typeof FoundBy>
/** FoundBy as a client sends it: `at` optional. */
export const FoundByInput = FoundBy.extend({ at: z.number().int().nonnegative().optional() })
export type FoundByInput = z.infer<typeof FoundByInput>

/** The list's metadata of one video, as the list view had it. */
export const VideoMeta = z.object({
  videoId: VideoId,
  title: z.string().max(COLLECTION_LIMITS.metaTextMax).nullish(),
  channelId: z.string().max(100).nullish(),
  channelTitle: z.string().max(COLLECTION_LIMITS.metaTextMax).nullish(),
  publishedAt: z.string().max(100).nullish(),
  /** An area sweep's circles that found this video: kept in the video's found-by entry. */
  circles: SweepCircles.optional(),
})
export type VideoMeta = z.infer<typeof VideoMeta>

const TrackCounts = z.object({
  wanted: z.number().int(),
  collected: z.number().int(),
  unavailable: z.number().int(),
  failed: z.number().int(),
})
type TrackCounts = z.infer<typeof TrackCounts>

const CollectionSource = z.object({ kind: z.enum(['demo', 'live']), name: z.string() })
type CollectionSource = z.infer<typeof CollectionSource>

export const CollectionSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  lang: z.string().nullable(),
  mode: z.enum(CAPTION_MODES),
  createdAt: z.number(),
  updatedAt: z.number(),
  videoCount: z.number().int(),
  tracks: TrackCounts,
  /** Spent collecting so far, every job of this collection. */
  costUsd: z.number(),
  source: CollectionSource,
})
export type CollectionSummary = z.infer<typeof CollectionSummary>

export const TrackFailure = z.object({
  code: z.string(),
  status: z.number().int().nullable(),
  message: z.string(),
  at: z.number(),
})
export type TrackFailure = z.infer<typeof TrackFailure>

export const CollectionVideo = z.object({
  videoId: z.string(),
  position: z.number().int(),
  title: z.string().nullable(),
  channelId: z.string().nullable(),
  channelTitle: z.string().nullable(),
  publishedAt: z.string().nullable(),
  foundBy: z.array(FoundBy),
  addedAt: z.number(),
  track: z.object({
    state: z.enum(TRACK_STATES),
    lang: z.string().nullable(),
    cueCount: z.number().int().nullable(),
    failure: TrackFailure.nullable(),
  }),
})
export type CollectionVideo = z.infer<typeof CollectionVideo>

export const Job = z.object({
  id: z.number().int(),
  state: z.enum(JOB_STATES),
  maxUsd: z.number(),
  spentUsd: z.number(),
  total: z.number().int(),
  done: z.number().int(),
  collected: z.number().int(),
  unavailable: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  startedAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
})
export type Job = z.infer<typeof Job>

export const CollectionDetail = CollectionSummary.extend({
  videos: z.array(CollectionVideo),
  job: Job.nullable(),
})
export type CollectionDetail = z.infer<typeof CollectionDetail>

export const CollectionList = z.object({ collections: z.array(CollectionSummary) })
export type CollectionList = z.infer<typeof CollectionList>

/** A BCP 47-like caption language code as the service takes it: en, en-GB, es-419, zh-Hans. */
const CaptionLang = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'expected a language code such as en, en-GB or es-419')

export const CreateCollectionBody = z.strictObject({
  name: z.string().trim().min(1).max(COLLECTION_LIMITS.nameMax),
  description: z.string().max(COLLECTION_LIMITS.descriptionMax).optional(),
  videoIds: z.array(VideoId).max(COLLECTION_LIMITS.idsPerCall).optional(),
  videos: z.array(VideoMeta).max(COLLECTION_LIMITS.idsPerCall).optional(),
  source: FoundByInput.optional(),
  lang: CaptionLang.nullish(),
  mode: z.enum(CAPTION_MODES).optional(),
})
export type CreateCollectionBody = z.infer<typeof CreateCollectionBody>

export const AddVideosBody = z.strictObject({
  videoIds: z.array(VideoId).max(COLLECTION_LIMITS.idsPerCall),
  videos: z.array(VideoMeta).max(COLLECTION_LIMITS.idsPerCall).optional(),
  source: FoundByInput.optional(),
})
export type AddVideosBody = z.infer<typeof AddVideosBody>

export const AddVideosResult = z.object({
  added: z.number().int(),
  alreadyThere: z.number().int(),
  collection: CollectionSummary,
})
export type AddVideosResult = z.infer<typeof AddVideosResult>

export const CollectPrice = z.object({
  /** Tracks still wanted (not collected). */
  tracks: z.number().int(),
  /** Of those, answers already in the function's cache: free. */
  cached: z.number().int(),
  toBuy: z.number().int(),
  priceUsd: z.number(),
  perTrackUsd: z.number(),
})
export type CollectPrice = z.infer<typeof CollectPrice>

export const StartCollectBody = z.strictObject({
  maxUsd: z.number('maxUsd must be a number of US dollars').nonnegative().max(10_000),
})
export type StartCollectBody = z.infer<typeof StartCollectBody>

export const SEARCH_SORTS = ['time', 'video', 'before', 'after'] as const
export const SEARCH_MATCHES = ['words', 'substring'] as const

export const KwicHit = z.object({
  videoId: z.string(),
  lang: z.string(),
  offset: z.number(),
  duration: z.number(),
  text: z.string(),
  before: z.string(),
  after: z.string(),
  seq: z.number().int(),
  /** The matched words as the cue writes them. */
  hit: z.string(),
})
export type KwicHit = z.infer<typeof KwicHit>

export const SearchResult = z.object({
  total: z.number().int().nullable(),
  hits: z.array(KwicHit),
  /** Present when the collection has nothing collected yet: why there is no hit. */
  note: z.string().optional(),
})
export type SearchResult = z.infer<typeof SearchResult>

/** The corpus search that finds a counted term's KWIC lines. */
const TermSearch = z.object({ q: z.string(), match: z.enum(SEARCH_MATCHES) })
export const StatsTerm = z.object({ term: z.string(), count: z.number().int(), search: TermSearch })
export const Collocate = StatsTerm.extend({ before: z.number().int(), after: z.number().int() })
export const StatsResult = z.object({
  terms: z.array(StatsTerm),
  collocates: z.array(Collocate).optional(),
  /** With q: hits per video, in the collection's order. */
  videos: z.array(z.object({ videoId: z.string(), count: z.number().int() })).optional(),
  cues: z.number().int(),
  truncated: z.boolean(),
  /** Present when the collection has nothing collected yet: why nothing is counted. */
  note: z.string().optional(),
})
export type StatsResult = z.infer<typeof StatsResult>
