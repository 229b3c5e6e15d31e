/**
 * The SPA's one way into the function's /api (docs/decisions/0122-one-paid-fetch-one-archive.md): fetches, maps
 * failures to ApiError, reads the receipt of every answer (failures included) and records it in the cost tracker.
 */
import { recordCost } from './pricing/cost-tracker.ts'

/** The headers the function writes its receipt in; read here and nowhere else (tests build answers with them too). */
export const RECEIPT_HEADERS = { costUsd: 'X-Cost-USD', cache: 'X-Cache' } as const

export type CacheState = 'HIT' | 'MISS' | 'NONE'

/** What the function said about one answer. */
export type Receipt = {
  /** The exact /api URL that was requested. */
  url: string
  /** What this answer cost; 0 when the function served it from its cache or did not charge for it. */
  costUsd: number
  /** HIT/MISS: the answer went through the function's paid path; NONE: a free bookkeeping call (quote, spend, session). */
  cache: CacheState
  /** When the answer arrived (ISO 8601). */
  fetchedAt: string
}

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly param: string | undefined
  readonly retryAfterSeconds: number | undefined
  /** What the failed answer cost (its receipt); 0 when it never reached the function or was not charged. */
  readonly costUsd: number
  constructor(
    status: number,
    code: string,
    message: string,
    param?: string,
    retryAfterSeconds?: number,
    costUsd = 0,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.param = param
    this.retryAfterSeconds = retryAfterSeconds
    this.costUsd = costUsd
  }
}

/** What a JSON answer is checked with: a contract zod schema, or a check that gives the same verdict (captions/api/caption-items.ts). */
export type ResponseSchema<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } }
}

/**
 * A schema, or a function that imports one: the shell's queries (health, session, spend totals, quotes) pass
 * `() => import(...)` so zod is fetched beside their first request instead of before the first paint (docs/decisions/0099).
 */
export type SchemaSource<S> = S | (() => Promise<S>)

/** How to read the body: JSON checked by a schema, the bytes as they came, or not at all (a command such as sign-in). */
export type ReadAs<T> =
  { as: 'json'; schema: SchemaSource<ResponseSchema<T>> } | { as: 'bytes' } | { as: 'none' }

export type PaidInit = {
  signal?: AbortSignal
  method?: string
  body?: BodyInit
  headers?: HeadersInit
  /** Sees the receipt of every answer, failures included (a charged 404 costs money too), before an error is thrown. */
  onReceipt?: (receipt: Receipt) => void
}

export type PaidJson<T> = { data: T; receipt: Receipt }
export type PaidBytes = { bytes: Uint8Array; contentType: string; receipt: Receipt }
export type PaidNone = { receipt: Receipt }

function receiptOf(url: string, res: Response): Receipt {
  const cache = res.headers.get(RECEIPT_HEADERS.cache)
  return {
    url,
    costUsd: Number(res.headers.get(RECEIPT_HEADERS.costUsd) ?? '0') || 0,
    cache: cache === 'HIT' ? 'HIT' : cache === 'MISS' ? 'MISS' : 'NONE',
    fetchedAt: new Date().toISOString(),
  }
}

async function errorFrom(res: Response, costUsd: number): Promise<ApiError> {
  const retry = Number(res.headers.get('Retry-After')) || undefined
  try {
    // Loaded on the first failure only: zod stays out of the shell's first load (docs/decisions/0099).
    const [json, { ApiErrorBody }] = await Promise.all([res.json(), import('#contract/schemas.ts')])
    const body = ApiErrorBody.safeParse(json)
    if (body.success) {
      const e = body.data.error
      return new ApiError(res.status, e.code, e.message, e.param, e.retryAfterSeconds ?? retry, costUsd)
    }
  } catch {
    // not JSON: fall through to a generic message
  }
  return new ApiError(
    res.status,
    'http_error',
    `The dashboard's server answered ${res.status} ${res.statusText}.`,
    undefined,
    retry,
    costUsd,
  )
}

/** The schema itself; a loader is awaited (after the first call, a resolved import costs a microtask). */
function loadSchema<S>(source: SchemaSource<S>): Promise<S> | S {
  return typeof source === 'function' ? (source as () => Promise<S>)() : source
}

export function paidFetch<T>(
  url: string,
  read: { as: 'json'; schema: SchemaSource<ResponseSchema<T>> },
  init?: PaidInit,
): Promise<PaidJson<T>>
export function paidFetch(url: string, read: { as: 'bytes' }, init?: PaidInit): Promise<PaidBytes>
export function paidFetch(url: string, read: { as: 'none' }, init?: PaidInit): Promise<PaidNone>
/** Fetches an /api URL; throws ApiError on a non-2xx answer, a network failure or (JSON) a body of the wrong shape. */
export async function paidFetch<T>(
  url: string,
  read: ReadAs<T>,
  { onReceipt, ...init }: PaidInit = {},
): Promise<PaidJson<T> | PaidBytes | PaidNone> {
  // The schema loads beside the request, not before it.
  const schema = read.as === 'json' ? Promise.resolve(loadSchema(read.schema)) : undefined
  schema?.catch(() => undefined) // awaited below; a failed request must not leave it unhandled
  let res: Response
  try {
    res = await fetch(url, { credentials: 'same-origin', ...init })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError(
      0,
      'network_error',
      "Could not reach the dashboard's server. Check your connection and retry.",
    )
  }
  const receipt = receiptOf(url, res)
  recordCost(receipt)
  onReceipt?.(receipt)
  if (!res.ok) throw await errorFrom(res, receipt.costUsd)
  if (read.as === 'none') return { receipt }
  if (read.as === 'bytes') {
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('Content-Type') ?? '',
      receipt,
    }
  }
  const [json, check] = await Promise.all([res.json() as Promise<unknown>, schema!])
  const parsed = check.safeParse(json)
  if (!parsed.success) {
    throw new ApiError(
      502,
      'invalid_response',
      `The answer from ${url.split('?')[0]} did not have the expected shape: ${parsed.error.issues[0]?.message ?? 'unknown'}.`,
    )
  }
  return { data: parsed.data, receipt }
}

/** A page with its receipt beside its own fields (the shape the paged views keep in their query cache). */
export type WithReceipt<T> = T & { receipt: Receipt }

export async function paidJsonWithReceipt<T extends object>(
  url: string,
  schema: SchemaSource<ResponseSchema<T>>,
  init?: PaidInit,
): Promise<WithReceipt<T>> {
  const { data, receipt } = await paidFetch(url, { as: 'json', schema }, init)
  return { ...data, receipt }
}
