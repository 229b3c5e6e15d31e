/** Hits per video of a search: the statistics route gives them with the search's words (the same request as the panel's first). */
import { useQuery } from '@tanstack/react-query'
import type { CorpusSearchState } from '#lib/urls/collections.ts'
import { DEFAULT_STATS, wordStatsQuery } from '../api/word-stats.ts'

export function useHitCounts(id: string, search: CorpusSearchState) {
  return useQuery({
    ...wordStatsQuery(id, { ...DEFAULT_STATS, q: search.q.trim(), match: search.match }),
    enabled: search.q.trim() !== '',
    select: (stats) => ({ hits: stats.videos ?? [], truncated: stats.truncated === true }),
  })
}
