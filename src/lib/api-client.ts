/** The SPA's only door to the function: builds /api URLs, maps error bodies, records what each call cost. */
import type { z } from 'zod'
import { recordCost } from './cost-tracker.ts'

export type QueryValue = string | number | boolean | undefined | null | readonly string[]
export type QueryParams = Record<string, QueryValue>

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly param: string | undefined
  readonly retryAfterSeconds: number | undefined
  constructor(status: number, code: string, message: string, param?: string, retryAfterSeconds?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.param = param
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** `/api/search` + params → `/api/search?location=…`; undefined/empty values are left out, arrays repeat. */
export function apiUrl(path: string, params: QueryParams = {}): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) v.forEach((item) => q.append(k, item))
    else q.set(k, String(v))
  }
  const s = q.toString()
  return s ? `${path}?${s}` : path
}

async function errorFrom(res: Response): Promise<ApiError> {
  const retry = Number(res.headers.get('Retry-After')) || undefined
  try {
    // Loaded on the first failure only: zod stays out of the shell's first load (docs/decisions/0099).
    const [json, { ApiErrorBody }] = await Promise.all([res.json(), import('#contract/schemas.ts')])
    const body = ApiErrorBody.safeParse(json)
    if (body.success) {
      const e = body.data.error
      return new ApiError(res.status, e.code, e.message, e.param, e.retryAfterSeconds ?? retry)
    }
  } catch {
    // not JSON: fall through to a generic message
  }
  return new ApiError(res.status, 'http_error', `The dashboard's server answered ${res.status} ${res.statusText}.`, undefined, retry)
}

function record(path: string, res: Response): void {
  const cost = Number(res.headers.get('X-Cost-USD') ?? '0') || 0
  const cache = res.headers.get('X-Cache')
  recordCost({ path, costUsd: cost, cache: cache === 'HIT' ? 'HIT' : cache === 'MISS' ? 'MISS' : 'NONE', at: Date.now() })
}

/** Fetches an /api URL; throws ApiError on a non-2xx answer or a network failure. */
export async function apiFetch(
  url: string,
  { onResponse, ...init }: { signal?: AbortSignal; method?: string; body?: BodyInit; headers?: HeadersInit; onResponse?: (res: Response) => void } = {},
): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'same-origin', ...init })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError(0, 'network_error', "Could not reach the dashboard's server. Check your connection and retry.")
  }
  record(url, res)
  // Lets a caller see X-Cost-USD / X-Cache of every answer, failures included (a charged 404 costs money too).
  onResponse?.(res)
  if (!res.ok) throw await errorFrom(res)
  return res
}

/**
 * A zod schema, or a function that imports one: the shell's queries (health, session, spend totals, quotes) pass
 * `() => import(...)` so zod is fetched beside their first request instead of before the first paint (docs/decisions/0099).
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>)

/** The schema itself; a loader is awaited (after the first call, a resolved import costs a microtask). */
export function loadSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> | S {
  return typeof source === 'function' ? source() : source
}

export async function getJson<S extends z.ZodType>(path: string, params: QueryParams, source: SchemaSource<S>, opts: { signal?: AbortSignal } = {}): Promise<z.infer<S>> {
  const url = apiUrl(path, params)
  const [res, schema] = await Promise.all([apiFetch(url, opts), loadSchema(source)])
  const parsed = schema.safeParse(await res.json())
  if (!parsed.success) {
    throw new ApiError(502, 'invalid_response', `The answer from ${path} did not have the expected shape: ${parsed.error.issues[0]?.message ?? 'unknown'}.`)
  }
  return parsed.data
}

/** Text bodies (caption files): returned as they came, with the response for its headers. */
export async function getText(path: string, params: QueryParams, opts: { signal?: AbortSignal } = {}): Promise<{ text: string; contentType: string }> {
  const res = await apiFetch(apiUrl(path, params), opts)
  return { text: await res.text(), contentType: res.headers.get('Content-Type') ?? '' }
}

/** A short readable sentence for any error thrown by a query. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message
  if (e instanceof Error) return e.message
  return 'Something went wrong.'
}
