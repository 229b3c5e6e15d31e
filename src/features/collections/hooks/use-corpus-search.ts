/** One page of KWIC lines first (count=none), the exact total asked apart, so lines show while it is counted. */
import { useQuery } from '@tanstack/react-query'
import type { CorpusSearchState } from '#lib/paths/collections.ts'
import { corpusSearchQuery, PAGE_SIZE } from '../api/corpus-search.ts'

export function useCorpusSearch(id: string, search: CorpusSearchState, page: number) {
  const base = { q: search.q, sort: search.sort, match: search.match }
  const enabled = search.q.trim() !== ''
  const lines = useQuery({
    ...corpusSearchQuery(id, { ...base, limit: PAGE_SIZE, offset: page * PAGE_SIZE, count: 'none' }),
    enabled,
  })
  // The count's own request: one line, the total exact.
  const count = useQuery({
    ...corpusSearchQuery(id, { ...base, limit: 1, offset: 0, count: 'exact' }),
    enabled,
  })
  return {
    lines,
    total: count.data?.total ?? null,
    counting: enabled && count.isPending,
    countError: count.error,
  }
}
