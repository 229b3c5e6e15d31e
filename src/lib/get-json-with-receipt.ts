/** Like getJson, but keeps what the function said this one answer cost (X-Cost-USD, X-Cache) beside the data. */
import type { z } from 'zod'
import { ApiError, apiFetch, apiUrl, type QueryParams } from './api-client.ts'

export type Receipt = {
  /** The exact /api URL that was requested. */
  url: string
  /** What this answer cost; 0 when the function served it from its cache. */
  costUsd: number
  cache: 'HIT' | 'MISS' | 'NONE'
  fetchedAt: string
}

export type WithReceipt<T> = T & { receipt: Receipt }

export async function getJsonWithReceipt<S extends z.ZodType<object>>(
  path: string,
  params: QueryParams,
  schema: S,
  opts: { signal?: AbortSignal } = {},
): Promise<WithReceipt<z.infer<S>>> {
  const url = apiUrl(path, params)
  const res = await apiFetch(url, opts)
  const parsed = schema.safeParse(await res.json())
  if (!parsed.success) {
    throw new ApiError(
      502,
      'invalid_response',
      `The answer from ${path} did not have the expected shape: ${parsed.error.issues[0]?.message ?? 'unknown'}.`,
    )
  }
  const cache = res.headers.get('X-Cache')
  const receipt: Receipt = {
    url,
    costUsd: Number(res.headers.get('X-Cost-USD') ?? '0') || 0,
    cache: cache === 'HIT' ? 'HIT' : cache === 'MISS' ? 'MISS' : 'NONE',
    fetchedAt: new Date().toISOString(),
  }
  return { ...(parsed.data as object), receipt } as WithReceipt<z.infer<S>>
}
