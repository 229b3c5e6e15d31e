/**
 * Every operation of the function, once: the zod schemas its route validates with (imported, never copied) and what
 * it answers. build-document.ts turns this list into the OpenAPI document; openapi.test.ts checks it against the app.
 */
import { z } from 'zod'
import {
  CaptionFileList,
  CaptionItems,
  ChannelPage,
  CommentRepliesPage,
  PopularPage,
  SearchPage,
} from '#contract/schemas.ts'
import { DefaultLanguagesAnswer, DefaultLanguagesBody } from '#contract/default-languages.ts'
import {
  AddVideosBody,
  AddVideosResult,
  CollectionDetail,
  CollectionList,
  CollectionSummary,
  CollectPrice,
  CreateCollectionBody,
  Job,
  SearchResult,
  StartCollectBody,
  StatsResult,
} from '#contract/collections.ts'
import {
  Code,
  CodeInput,
  CodeList,
  CodePatch,
  Coding,
  CodingList,
  CodingPatch,
  CodingsQuery,
  CreateCodingsBody,
  DeletedCode,
  Uuid,
} from '#contract/coding.ts'
import {
  CaptionFilesQuery,
  CaptionQuery,
  ChannelsQuery,
  PopularQuery,
  RepliesQuery,
  SearchQuery,
  VideoIdParam,
} from '../validation.ts'
import { QuoteBatch, QuoteQuery } from '../routes/quote.ts'
import { SignIn } from '../routes/session.ts'
import { LedgerRowParam, ReconcileBody, SpendQuery } from '../routes/spend.ts'
import { COLLECTION_ID_RE } from '../collections/collection-id.ts'
import {
  CorpusSearchQuery,
  CorpusStatsQuery,
  CorpusZipQuery,
  KwicExportQuery,
} from '../collections/routes-search.ts'
import { NoQuery, TranscriptsQuery } from '../collections/coding/export-routes.ts'
import type { ErrorStatus } from './error-responses.ts'
import {
  HealthAnswer,
  OpenApiDocument,
  Provenance,
  QuoteAnswer,
  QuoteBatchAnswer,
  Reconciled,
  SessionState,
  SpendReport,
} from './response-schemas.ts'

export type HeaderName = 'X-Cost-USD' | 'X-Cache' | 'Content-Disposition'

/** One media type of an answer: a zod schema (JSON), text, or a binary file. */
export type Body = { schema: z.ZodType } | { text: true } | { binary: true }

export type OperationSpec = {
  method: 'get' | 'post' | 'patch' | 'delete'
  /** OpenAPI form: /api/collections/{id}. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: TagName
  /** Answered without a session even when DASHBOARD_PASSWORD is set. */
  open?: boolean
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  /** Short words on the query parameters a reader needs most (the schema says the rest). */
  queryNotes?: Record<string, string>
  success: {
    status: 200 | 201 | 202 | 204
    description: string
    content?: Record<string, Body>
    headers?: HeaderName[]
  }
  errors: ErrorStatus[]
}

export const TAGS = {
  service:
    'The data service’s operations, mirrored: same paths (under /api) and parameter names; each call is paid unless cached.',
  money: 'Prices before paying, and what has been spent.',
  session: 'Signing in when DASHBOARD_PASSWORD is set.',
  collections: 'Collections of videos and the job that collects their caption tracks.',
  corpus: 'Search, counts and exports over a collection’s collected tracks.',
  coding: 'Qualitative coding: a collection’s code tree, codings, and their exports to QDA tools.',
  meta: 'The function itself.',
} as const
type TagName = keyof typeof TAGS

const json = (schema: z.ZodType): Record<string, Body> => ({ 'application/json': { schema } })
const PAID = ['X-Cost-USD', 'X-Cache'] as const satisfies HeaderName[]
const FILE = ['Content-Disposition'] as const satisfies HeaderName[]
/** What a paid pass-through can answer besides its data. */
const PAID_ERRORS: ErrorStatus[] = [400, 401, 402, 403, 404, 429, 500, 502, 503, 504]

const CollectionId = z.string().regex(COLLECTION_ID_RE)
const InCollection = z.object({ id: CollectionId })
const CodeIn = z.object({ id: CollectionId, codeId: Uuid })
const CodingIn = z.object({ id: CollectionId, codingId: Uuid })

/** A file export of a collection: one GET, a named attachment. */
function exportOf(
  name: string,
  operationId: string,
  summary: string,
  tag: TagName,
  query: z.ZodObject,
  content: Record<string, Body>,
): OperationSpec {
  return {
    method: 'get',
    path: `/api/collections/{id}/export/${name}`,
    operationId,
    summary,
    tag,
    params: InCollection,
    query,
    success: { status: 200, description: `The file ${name}, as an attachment.`, content, headers: FILE },
    errors: [400, 401, 403, 404, 500, 503],
  }
}

export const OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Demo or live, the data source, the version, whether a budget or sign-in is configured',
    tag: 'meta',
    open: true,
    success: {
      status: 200,
      description: 'The function’s state; never a secret.',
      content: json(HealthAnswer),
    },
    errors: [403, 500],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    tag: 'meta',
    open: true,
    success: { status: 200, description: 'The OpenAPI 3.1 document.', content: json(OpenApiDocument) },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/search',
    operationId: 'searchVideos',
    summary: 'Videos recorded near a point',
    description: 'The service’s GET /search. The radius is sent to the service in km whatever unit is given.',
    tag: 'service',
    query: SearchQuery,
    queryNotes: {
      location: 'Latitude,longitude in decimal degrees, e.g. 48.8566,2.3522.',
      locationRadius: 'A positive number with a unit of m, km, mi or ft, at most 1000 km, e.g. 10km.',
      pageToken: 'The nextPageToken of the previous page.',
    },
    success: { status: 200, description: 'One page of videos.', content: json(SearchPage), headers: PAID },
    errors: PAID_ERRORS,
  },
  {
    method: 'get',
    path: '/api/popularVideos',
    operationId: 'popularVideos',
    summary: 'The platform’s most popular videos, page by page',
    tag: 'service',
    query: PopularQuery,
    queryNotes: { regionCode: 'An ISO 3166-1 alpha-2 region code, e.g. US, GB or JP.' },
    success: { status: 200, description: 'One page of videos.', content: json(PopularPage), headers: PAID },
    errors: PAID_ERRORS,
  },
  {
    method: 'get',
    path: '/api/captions/{videoId}',
    operationId: 'getCaptions',
    summary: 'A caption track in any of 11 formats',
    description:
      'format=json answers cues as JSON; every other format passes through byte for byte (json3 is the platform’s own JSON). download=1 adds Content-Disposition with the file name <videoId>.<lang>.<ext>.',
    tag: 'service',
    params: VideoIdParam,
    query: CaptionQuery,
    success: {
      status: 200,
      description: 'The track, in the Content-Type of its format (UTF-8).',
      content: {
        'application/json': { schema: CaptionItems },
        'application/x-subrip': { text: true },
        'text/vtt': { text: true },
        'application/ttml+xml': { text: true },
        'text/xml': { text: true },
        'text/csv': { text: true },
        'text/plain': { text: true },
      },
      headers: [...PAID, ...FILE],
    },
    errors: PAID_ERRORS,
  },
  {
    method: 'get',
    path: '/api/files/captions/{videoId}',
    operationId: 'listCaptionFiles',
    summary: 'Which caption files exist, one entry per language and format',
    tag: 'service',
    params: VideoIdParam,
    query: CaptionFilesQuery,
    success: {
      status: 200,
      description: 'The caption files.',
      content: json(CaptionFileList),
      headers: PAID,
    },
    errors: PAID_ERRORS,
  },
  {
    method: 'get',
    path: '/api/commentReplies',
    operationId: 'commentReplies',
    summary: 'One page of the replies under a top-level comment',
    tag: 'service',
    query: RepliesQuery,
    success: {
      status: 200,
      description: 'One page of replies.',
      content: json(CommentRepliesPage),
      headers: PAID,
    },
    errors: PAID_ERRORS,
  },
  {
    method: 'get',
    path: '/api/channels',
    operationId: 'getChannels',
    summary: 'Channels by ids, handle or legacy username',
    description:
      'Give at least one of ids, forHandle or forUsername. fields trims each channel to the fields named.',
    tag: 'service',
    query: ChannelsQuery,
    queryNotes: {
      ids: 'Channel ids (UC + 22 characters), comma-separated or repeated; at most 50.',
      forHandle: 'A handle such as @name.',
      fields: 'Channel field names, comma-separated.',
    },
    success: { status: 200, description: 'The channels.', content: json(ChannelPage), headers: PAID },
    errors: PAID_ERRORS,
  },
  {
    method: 'get',
    path: '/api/quote',
    operationId: 'quote',
    summary: 'What an /api request would cost now; never pays',
    description:
      'Validates path as the request itself would be validated (its 400 comes back here) and answers the list price, or 0 when the answer is cached.',
    tag: 'money',
    query: QuoteQuery,
    queryNotes: { path: 'An /api URL of a paid operation, e.g. /api/captions/dQw4w9WgXcQ?lang=en.' },
    success: { status: 200, description: 'The price.', content: json(QuoteAnswer) },
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  {
    method: 'post',
    path: '/api/quote',
    operationId: 'quoteBatch',
    summary: 'The prices of up to 200 /api requests at once; never pays',
    tag: 'money',
    body: QuoteBatch,
    success: {
      status: 200,
      description: 'One entry per path, in order: a price, or the error that request would get.',
      content: json(QuoteBatchAnswer),
    },
    errors: [400, 401, 403, 500],
  },
  {
    method: 'post',
    path: '/api/caption-default-languages',
    operationId: 'captionDefaultLanguages',
    summary: 'Which of up to 1,000 videos’ default caption language the function already knows; never pays',
    description:
      'Answered from what the function holds: the language learned from a JSON track asked without lang, that track in the cache, or a track a collection collected without a language. Videos not known are left out.',
    tag: 'money',
    body: DefaultLanguagesBody,
    success: {
      status: 200,
      description: 'The videos whose default language is known, each with its language code.',
      content: json(DefaultLanguagesAnswer),
    },
    errors: [400, 401, 403, 500, 503],
  },
  {
    method: 'get',
    path: '/api/spend',
    operationId: 'getSpend',
    summary: 'Spending by operation and by day, every data source apart, the newest ledger rows, the budget',
    tag: 'money',
    query: SpendQuery,
    queryNotes: { limit: 'How many ledger rows to list, 1–1000 (default 100).' },
    success: { status: 200, description: 'The spend report.', content: json(SpendReport) },
    errors: [400, 401, 403, 500, 503],
  },
  {
    method: 'post',
    path: '/api/spend/interrupted/{id}/reconcile',
    operationId: 'reconcileInterrupted',
    summary:
      'Say whether a call a crash cut off was charged: charged keeps its price as spent, not charged gives it back to the budget',
    description:
      'An interrupted call (the server stopped while it was in flight) holds its price of the budget until someone reconciles it, once; who (by, and the client address) and when are recorded in its ledger row.',
    tag: 'money',
    params: LedgerRowParam,
    body: ReconcileBody,
    success: { status: 200, description: 'The call, reconciled.', content: json(Reconciled) },
    errors: [400, 401, 403, 404, 409, 500, 503],
  },
  {
    method: 'get',
    path: '/api/session',
    operationId: 'getSession',
    summary: 'Whether this deployment asks for a password, and whether this client is signed in',
    tag: 'session',
    open: true,
    success: { status: 200, description: 'The session state.', content: json(SessionState) },
    errors: [403, 500, 503],
  },
  {
    method: 'post',
    path: '/api/session',
    operationId: 'signIn',
    summary: 'Sign in with the dashboard password; sets the session cookie',
    description:
      'Attempts are rate-limited per client. Without DASHBOARD_PASSWORD it answers signed in at once.',
    tag: 'session',
    open: true,
    body: SignIn,
    success: {
      status: 200,
      description: 'Signed in; Set-Cookie carries the session.',
      content: json(SessionState),
    },
    errors: [400, 401, 403, 429, 500, 503],
  },
  {
    method: 'delete',
    path: '/api/session',
    operationId: 'signOut',
    summary: 'Sign out: the session is revoked on every instance and the cookie cleared',
    tag: 'session',
    open: true,
    success: { status: 200, description: 'Signed out.', content: json(SessionState) },
    errors: [403, 500, 503],
  },
  {
    method: 'post',
    path: '/api/collections',
    operationId: 'createCollection',
    summary: 'Create a collection, optionally with its first videos',
    tag: 'collections',
    body: CreateCollectionBody,
    success: { status: 201, description: 'The new collection.', content: json(CollectionSummary) },
    errors: [400, 401, 403, 500, 503],
  },
  {
    method: 'get',
    path: '/api/collections',
    operationId: 'listCollections',
    summary: 'Every collection, newest first',
    tag: 'collections',
    success: { status: 200, description: 'The collections.', content: json(CollectionList) },
    errors: [401, 403, 500, 503],
  },
  {
    method: 'get',
    path: '/api/collections/{id}',
    operationId: 'getCollection',
    summary: 'A collection with its videos, their tracks and the latest collect job',
    tag: 'collections',
    params: InCollection,
    success: { status: 200, description: 'The collection.', content: json(CollectionDetail) },
    errors: [401, 403, 404, 500, 503],
  },
  {
    method: 'post',
    path: '/api/collections/{id}/videos',
    operationId: 'addVideos',
    summary: 'Add videos to a collection (ids already there are counted, not repeated)',
    tag: 'collections',
    params: InCollection,
    body: AddVideosBody,
    success: { status: 200, description: 'What was added.', content: json(AddVideosResult) },
    errors: [400, 401, 403, 404, 500, 503],
  },
  {
    method: 'get',
    path: '/api/collections/{id}/collect',
    operationId: 'priceCollecting',
    summary: 'What collecting the tracks still wanted would cost now (cached ones are free)',
    tag: 'collections',
    params: InCollection,
    success: { status: 200, description: 'The price.', content: json(CollectPrice) },
    errors: [401, 403, 404, 409, 500, 503],
  },
  {
    method: 'post',
    path: '/api/collections/{id}/collect',
    operationId: 'startCollecting',
    summary: 'Start the collect job: the server fetches every wanted track, spending at most maxUsd',
    tag: 'collections',
    params: InCollection,
    body: StartCollectBody,
    success: {
      status: 202,
      description: 'The job, started; poll GET /api/collections/{id} for its progress.',
      content: json(Job),
    },
    errors: [400, 401, 403, 404, 409, 500, 503],
  },
  {
    method: 'delete',
    path: '/api/collections/{id}/collect',
    operationId: 'stopCollecting',
    summary: 'Stop the collect job (tracks already collected stay)',
    tag: 'collections',
    params: InCollection,
    success: { status: 200, description: 'The job, stopped.', content: json(Job) },
    errors: [401, 403, 404, 409, 500, 503],
  },
  {
    method: 'get',
    path: '/api/collections/{id}/search',
    operationId: 'searchCorpus',
    summary: 'Keyword in context over the collected tracks',
    tag: 'corpus',
    params: InCollection,
    query: CorpusSearchQuery,
    queryNotes: {
      q: 'Words to find: words, "quoted phrases", -excluded, prefix*, [sound markers].',
      limit: 'Hits per page, 1–500 (default 50).',
      offset: 'Hits to skip (default 0).',
    },
    success: { status: 200, description: 'The hits and their total.', content: json(SearchResult) },
    errors: [400, 401, 403, 404, 500, 503],
  },
  {
    method: 'get',
    path: '/api/collections/{id}/stats',
    operationId: 'corpusStats',
    summary: 'Word and n-gram counts over the collected tracks; with q, collocates and hits per video',
    tag: 'corpus',
    params: InCollection,
    query: CorpusStatsQuery,
    queryNotes: { limit: 'Terms to list, 1–1000 (default 100).' },
    success: { status: 200, description: 'The counts.', content: json(StatsResult) },
    errors: [400, 401, 403, 404, 500, 503],
  },
  exportOf('kwic.csv', 'exportKwicCsv', 'A corpus search as CSV, every hit', 'corpus', KwicExportQuery, {
    'text/csv': { text: true },
  }),
  exportOf(
    'kwic.provenance.json',
    'exportKwicProvenance',
    'The provenance of the same search’s CSV',
    'corpus',
    KwicExportQuery,
    json(Provenance),
  ),
  exportOf(
    'corpus.zip',
    'exportCorpusZip',
    'Every collected track as a file, with a manifest',
    'corpus',
    CorpusZipQuery,
    { 'application/zip': { binary: true } },
  ),
  {
    method: 'get',
    path: '/api/collections/{id}/codes',
    operationId: 'listCodes',
    summary: 'The collection’s code tree, as a flat list with parents',
    tag: 'coding',
    params: InCollection,
    success: { status: 200, description: 'The codes.', content: json(CodeList) },
    errors: [401, 403, 500, 503],
  },
  {
    method: 'post',
    path: '/api/collections/{id}/codes',
    operationId: 'createCode',
    summary: 'Create a code',
    tag: 'coding',
    params: InCollection,
    body: CodeInput,
    success: { status: 201, description: 'The new code.', content: json(Code) },
    errors: [400, 401, 403, 404, 409, 500, 503],
  },
  {
    method: 'patch',
    path: '/api/collections/{id}/codes/{codeId}',
    operationId: 'updateCode',
    summary: 'Rename, recolour, describe or move a code',
    tag: 'coding',
    params: CodeIn,
    body: CodePatch,
    success: { status: 200, description: 'The code.', content: json(Code) },
    errors: [400, 401, 403, 404, 409, 500, 503],
  },
  {
    method: 'delete',
    path: '/api/collections/{id}/codes/{codeId}',
    operationId: 'deleteCode',
    summary: 'Delete a code and the codings that apply it',
    tag: 'coding',
    params: CodeIn,
    success: { status: 200, description: 'How many codings went with it.', content: json(DeletedCode) },
    errors: [401, 403, 404, 409, 500, 503],
  },
  {
    method: 'get',
    path: '/api/collections/{id}/codings',
    operationId: 'listCodings',
    summary: 'The collection’s codings, optionally of one video or one code',
    tag: 'coding',
    params: InCollection,
    query: CodingsQuery,
    success: { status: 200, description: 'The codings.', content: json(CodingList) },
    errors: [400, 401, 403, 500, 503],
  },
  {
    method: 'post',
    path: '/api/collections/{id}/codings',
    operationId: 'createCodings',
    summary: 'Apply codes to a segment: cues of a collected track, or a comment or reply',
    tag: 'coding',
    params: InCollection,
    body: CreateCodingsBody,
    success: { status: 201, description: 'One coding per code.', content: json(CodingList) },
    errors: [400, 401, 403, 404, 409, 500, 503],
  },
  {
    method: 'patch',
    path: '/api/collections/{id}/codings/{codingId}',
    operationId: 'updateCoding',
    summary: 'Change a coding’s memo or code',
    tag: 'coding',
    params: CodingIn,
    body: CodingPatch,
    success: { status: 200, description: 'The coding.', content: json(Coding) },
    errors: [400, 401, 403, 404, 409, 500, 503],
  },
  {
    method: 'delete',
    path: '/api/collections/{id}/codings/{codingId}',
    operationId: 'deleteCoding',
    summary: 'Delete a coding',
    tag: 'coding',
    params: CodingIn,
    success: { status: 204, description: 'Deleted.' },
    errors: [401, 403, 404, 500, 503],
  },
  exportOf('project.qdpx', 'exportQdpx', 'The coding project as REFI-QDA (.qdpx, a ZIP)', 'coding', NoQuery, {
    'application/zip': { binary: true },
  }),
  exportOf(
    'codebook.qdc',
    'exportCodebook',
    'The code tree as a REFI-QDA codebook (.qdc)',
    'coding',
    NoQuery,
    { 'application/xml': { text: true } },
  ),
  exportOf(
    'transcripts.zip',
    'exportTranscripts',
    'Transcripts for NVivo, MAXQDA or ATLAS.ti',
    'coding',
    TranscriptsQuery,
    { 'application/zip': { binary: true } },
  ),
  exportOf('elan.zip', 'exportElan', 'ELAN annotation files with the codings', 'coding', NoQuery, {
    'application/zip': { binary: true },
  }),
  exportOf('codings.csv', 'exportCodingsCsv', 'Every coding as a CSV row', 'coding', NoQuery, {
    'text/csv': { text: true },
  }),
  exportOf(
    'codings.provenance.json',
    'exportCodingsProvenance',
    'The provenance of the codings CSV',
    'coding',
    NoQuery,
    json(Provenance),
  ),
]
