/** Builds /api URLs and reads JSON answers through the one paid fetch (paid-fetch.ts), for callers that need only the data. */
import { paidFetch, type ResponseSchema, type SchemaSource } from './paid-fetch.ts'

export { ApiError, type SchemaSource } from './paid-fetch.ts'

type QueryValue = string | number | boolean | undefined | null | readonly string[]
export type QueryParams = Record<string, QueryValue>

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

/** The checked body of `path` + `params`; its receipt is recorded by paidFetch and not needed here. */
export async function getJson<T>(
  path: string,
  params: QueryParams,
  source: SchemaSource<ResponseSchema<T>>,
  opts: { signal?: AbortSignal } = {},
): Promise<T> {
  const { data } = await paidFetch(apiUrl(path, params), { as: 'json', schema: source }, opts)
  return data
}

/** A short readable sentence for any error thrown by a query. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  return 'Something went wrong.'
}
