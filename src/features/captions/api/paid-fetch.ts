/** Fetches an /api URL and keeps what the function said it cost (X-Cost-USD, X-Cache) beside the answer. */
import { ApiError, apiFetch } from '#lib/api-client.ts'
import type { CacheStatus } from '../lib/caption-archive.ts'

export type PaidCost = { url: string; costUsd: number; cache: CacheStatus; fetchedAt: string }
export type Paid<T> = { data: T; cost: PaidCost }

function costOf(url: string, res: Response): PaidCost {
  const cache = res.headers.get('X-Cache')
  return {
    url,
    costUsd: Number(res.headers.get('X-Cost-USD') ?? '0') || 0,
    cache: cache === 'HIT' ? 'HIT' : cache === 'MISS' ? 'MISS' : 'NONE',
    fetchedAt: new Date().toISOString(),
  }
}

/** What paidJson needs of a schema: a contract zod schema, or a check that gives the same verdict (caption-items.ts). */
export type ResponseSchema<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } }
}

export async function paidJson<T>(
  url: string,
  schema: ResponseSchema<T>,
  signal?: AbortSignal,
): Promise<Paid<T>> {
  const res = await apiFetch(url, { signal })
  const parsed = schema.safeParse(await res.json())
  if (!parsed.success) {
    throw new ApiError(
      502,
      'invalid_response',
      `The answer from ${url.split('?')[0]} did not have the expected shape: ${parsed.error.issues[0]?.message ?? 'unknown'}.`,
    )
  }
  return { data: parsed.data, cost: costOf(url, res) }
}

export async function paidText(
  url: string,
  signal?: AbortSignal,
): Promise<Paid<{ text: string; contentType: string }>> {
  const res = await apiFetch(url, { signal })
  return {
    data: { text: await res.text(), contentType: res.headers.get('Content-Type') ?? '' },
    cost: costOf(url, res),
  }
}
