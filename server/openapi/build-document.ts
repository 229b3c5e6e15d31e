/** The OpenAPI 3.1 document, built from the operation list and the zod schemas the routes validate with (z.toJSONSchema). */
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
  CreateCodingsBody,
  DeletedCode,
} from '#contract/coding.ts'
import { APP_VERSION } from '../config.ts'
import { SESSION_COOKIE } from '../security/session.ts'
import { QuoteBatch } from '../routes/quote.ts'
import { SignIn } from '../routes/session.ts'
import { ReconcileBody } from '../routes/spend.ts'
import {
  ERROR_RESPONSES,
  ErrorBody,
  PRICED_ERROR_STATUSES,
  withSizeErrors,
  type ErrorStatus,
} from './error-responses.ts'
import { OPERATIONS, TAGS, type Body, type HeaderName, type OperationSpec } from './operations.ts'
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

type Json = Record<string, unknown>

/** Answers, named in components.schemas (converted as the function writes them: io output). */
const ANSWERS: Record<string, z.ZodType> = {
  Error: ErrorBody,
  Health: HealthAnswer,
  OpenApiDocument,
  SearchPage,
  PopularPage,
  CaptionItems,
  CaptionFileList,
  CommentRepliesPage,
  ChannelPage,
  Quote: QuoteAnswer,
  QuoteBatchAnswer,
  DefaultLanguagesAnswer,
  SpendReport,
  Reconciled,
  SessionState,
  CollectionSummary,
  CollectionList,
  CollectionDetail,
  AddVideosResult,
  CollectPrice,
  Job,
  CorpusSearchResult: SearchResult,
  CorpusStats: StatsResult,
  Provenance,
  Code,
  CodeList,
  DeletedCode,
  Coding,
  CodingList,
}

/** Request bodies, named in components.schemas (converted as clients send them: io input). */
const BODIES: Record<string, z.ZodType> = {
  QuoteBatch,
  DefaultLanguagesBody,
  SignIn,
  CreateCollectionBody,
  AddVideosBody,
  StartCollectBody,
  ReconcileBody,
  CodeInput,
  CodePatch,
  CreateCodingsBody,
  CodingPatch,
}

const HEADERS: Record<HeaderName | 'Retry-After', Json> = {
  'X-Cost-USD': {
    description:
      'What this request cost in US dollars: the list price when the service was called, 0 when answered from the cache.',
    schema: { type: 'string', pattern: '^\\d+(\\.\\d+)?$', examples: ['0.00053', '0'] },
  },
  'X-Cache': {
    description: 'HIT: answered from the function’s cache, free. MISS: the service was called and paid.',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
  'Content-Disposition': {
    description: 'attachment; filename="…": the name to save the file under.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
}

const SAFE_INT = Number.MAX_SAFE_INTEGER

/** Tidies what zod writes: no ±2^53 bounds on every integer; answers stay open to fields added later. */
function tidy(io: 'input' | 'output') {
  return ({ jsonSchema }: { jsonSchema: Json }) => {
    if (jsonSchema.minimum === -SAFE_INT) delete jsonSchema.minimum
    if (jsonSchema.maximum === SAFE_INT) delete jsonSchema.maximum
    if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties
  }
}

function convert(io: 'input' | 'output', named: Record<string, z.ZodType>): Record<string, Json> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    override: tidy(io) as never,
    uri: (id) => `#/components/schemas/${id}`,
  })
  return Object.fromEntries(
    Object.entries(schemas).map(([id, s]) => {
      const { $schema: _s, $id: _i, ...rest } = s as Json
      return [id, rest]
    }),
  )
}

/** A schema converted on its own (parameters): inline, without the dialect line. */
function inline(schema: z.ZodType): Json {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: tidy('input') as never,
  }) as Json
  return rest
}

function refTo(schema: z.ZodType, named: Record<string, z.ZodType>, where: string): Json {
  const id = Object.keys(named).find((k) => named[k] === schema)
  if (!id) throw new Error(`${where}: name this schema in build-document.ts so it has one component.`)
  return { $ref: `#/components/schemas/${id}` }
}

function parameters(op: OperationSpec): Json[] {
  const out: Json[] = []
  for (const [where, schema] of [
    ['path', op.params],
    ['query', op.query],
  ] as const) {
    if (!schema) continue
    const json = inline(schema)
    const required = new Set((json.required as string[] | undefined) ?? [])
    for (const [name, s] of Object.entries((json.properties as Record<string, Json>) ?? {})) {
      const note = where === 'query' ? op.queryNotes?.[name] : undefined
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(note ? { description: note } : {}),
        schema: s,
      })
    }
  }
  return out
}

function mediaType(body: Body, where: string): Json {
  if ('schema' in body) return { schema: refTo(body.schema, ANSWERS, where) }
  if ('text' in body) return { schema: { type: 'string' } }
  return {} // binary: OpenAPI 3.1 leaves the schema out
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

function operation(op: OperationSpec): Json {
  const where = `${op.method.toUpperCase()} ${op.path}`
  const { success } = op
  const responses: Json = {
    [success.status]: {
      description: success.description,
      ...(success.headers?.length
        ? { headers: Object.fromEntries(success.headers.map((h) => [h, headerRef(h)])) }
        : {}),
      ...(success.content
        ? {
            content: Object.fromEntries(
              Object.entries(success.content).map(([type, body]) => [type, mediaType(body, where)]),
            ),
          }
        : {}),
    },
  }
  const priced = success.headers?.includes('X-Cost-USD')
  for (const status of withSizeErrors(op.errors, op.body !== undefined)) {
    const name = ERROR_RESPONSES[status].name
    const paid = priced && PRICED_ERROR_STATUSES.includes(status)
    responses[status] = { $ref: `#/components/responses/${paid ? `Paid${name}` : name}` }
  }
  const params = parameters(op)
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: op.operationId,
    ...(op.open ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: refTo(op.body, BODIES, where) } },
          },
        }
      : {}),
    responses,
  }
}

function errorResponse(status: ErrorStatus, paid: boolean): Json {
  const headers: Json = {}
  if (status === 429) headers['Retry-After'] = headerRef('Retry-After')
  if (paid && PRICED_ERROR_STATUSES.includes(status)) {
    headers['X-Cost-USD'] = headerRef('X-Cost-USD')
    headers['X-Cache'] = headerRef('X-Cache')
  }
  return {
    description: ERROR_RESPONSES[status].description,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  }
}

function errorResponses(): Json {
  const out: Json = {}
  const statuses = Object.keys(ERROR_RESPONSES).map(Number) as ErrorStatus[]
  for (const status of statuses) out[ERROR_RESPONSES[status].name] = errorResponse(status, false)
  // A paid call's failure can still have cost (or been answered from the cache): it says so in the money headers.
  for (const status of statuses)
    if (PRICED_ERROR_STATUSES.includes(status))
      out[`Paid${ERROR_RESPONSES[status].name}`] = errorResponse(status, true)
  return out
}

export function buildOpenApiDocument(): Json {
  const answers = convert('output', ANSWERS)
  const bodies = convert('input', BODIES)
  const clash = Object.keys(bodies).find((id) => id in answers)
  if (clash) throw new Error(`components.schemas.${clash} is both an answer and a body: rename one.`)
  const paths: Record<string, Json> = {}
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Poix research dashboard API',
      version: APP_VERSION,
      description:
        'The dashboard’s server function: the data service’s operations mirrored under /api (validated before anything is paid, cached, priced in X-Cost-USD), plus collections, corpus search, coding and exports. Generated from the zod schemas the function validates with; guide: docs/api.md.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'Needed only when the server sets DASHBOARD_PASSWORD: POST /api/session {"password": …} sets this cookie (HttpOnly, signed). Without a password every operation is open.',
        },
      },
      schemas: { ...answers, ...bodies },
      headers: HEADERS,
      responses: errorResponses(),
    },
  }
}
