/** Reads the lines of a search (up to a cap, 500 a request) to count them per video: free, the corpus is in the database. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { CorpusSearchState } from '#lib/paths/collections.ts'
import { corpusSearchQuery } from '../api/corpus-search.ts'

/** Past this many hits the counts say they are of the first ones only. */
export const HITS_COUNTED_MAX = 10_000
const PER_REQUEST = 500

export function useHitCounts(id: string, search: CorpusSearchState) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: ['collections', 'hit-counts', id, search.q, search.match] as const,
    enabled: search.q.trim() !== '',
    staleTime: 60_000,
    queryFn: async () => {
      const hits: { videoId: string }[] = []
      let total = 0
      for (let offset = 0; offset < HITS_COUNTED_MAX; offset += PER_REQUEST) {
        const page = await queryClient.fetchQuery(
          corpusSearchQuery(id, {
            q: search.q,
            match: search.match,
            sort: 'time',
            limit: PER_REQUEST,
            offset,
            count: offset === 0 ? 'exact' : 'none',
          }),
        )
        if (offset === 0) total = page.total ?? 0
        hits.push(...page.hits.map((h) => ({ videoId: h.videoId })))
        if (page.hits.length < PER_REQUEST) break
      }
      return { hits, total, complete: hits.length >= total }
    },
  })
}
