/** Word statistics as this view reads them: each count carries the search that finds its lines (`search`, decisions 0145), kept here. */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { Collocate, StatsTerm } from '#contract/collections.ts'
import { apiUrl } from '#lib/api-client.ts'
import type { CorpusStatsParams } from '#lib/collections/collections-api.ts'
import { paidFetch } from '#lib/paid-fetch.ts'

const TermSearch = z.object({ q: z.string(), match: z.enum(['words', 'substring']) }).optional()
const Stats = z.object({
  terms: z.array(StatsTerm.extend({ search: TermSearch })),
  collocates: z.array(Collocate.extend({ search: TermSearch })).optional(),
  /** With q: the hits per video, in the collection's order. */
  videos: z.array(z.object({ videoId: z.string(), count: z.number().int() })).optional(),
  truncated: z.boolean().optional(),
  /** Nothing collected yet: why nothing is counted. */
  note: z.string().optional(),
})

/** What the statistics panel asks first; the per-video counts ask the same, so it is one request. */
export const DEFAULT_STATS = { n: 1, stopwords: 'drop', limit: 50 } as const

export function wordStatsQuery(id: string, params: CorpusStatsParams) {
  return queryOptions({
    queryKey: ['collections', 'stats', id, params] as const,
    queryFn: ({ signal }) =>
      paidFetch(
        apiUrl(`/api/collections/${encodeURIComponent(id)}/stats`, params),
        { as: 'json', schema: Stats },
        { signal },
      ).then((r) => r.data),
    staleTime: 60_000,
  })
}
