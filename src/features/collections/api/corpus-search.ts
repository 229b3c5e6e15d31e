/** Corpus search as this view reads it: the function's answer carries each line's keyword (`hit`, decisions 0144), kept here. */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { KwicHit } from '#contract/collections.ts'
import { apiUrl } from '#lib/api-client.ts'
import type { CorpusSearchParams } from '#lib/collections/collections-api.ts'
import { paidFetch } from '#lib/paid-fetch.ts'

/** The contract's line plus its keyword; absent keyword: the line shows the cue's text as the hit. */
export const KwicLine = KwicHit.extend({ hit: z.string().optional() })
export type KwicLine = z.infer<typeof KwicLine>
const SearchPage = z.object({
  total: z.number().int().nullable(),
  hits: z.array(KwicLine),
  note: z.string().optional(),
})
export type SearchPage = z.infer<typeof SearchPage>

export const PAGE_SIZE = 100

export function corpusSearchQuery(id: string, params: CorpusSearchParams) {
  return queryOptions({
    queryKey: ['collections', 'search', id, params] as const,
    queryFn: ({ signal }) =>
      paidFetch(
        apiUrl(`/api/collections/${encodeURIComponent(id)}/search`, params),
        { as: 'json', schema: SearchPage },
        { signal },
      ).then((r) => r.data),
    staleTime: 60_000,
  })
}
