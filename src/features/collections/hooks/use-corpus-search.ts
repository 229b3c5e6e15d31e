/** One page of KWIC lines first (count=none), the exact total asked apart, so lines show while it is counted. */
import { useQuery } from '@tanstack/react-query'
import type { CorpusSearchParams } from '#lib/collections/collections-api.ts'
import { DEFAULT_CORPUS_SEARCH, type CorpusSearchState } from '#lib/urls/collections.ts'
import { corpusSearchQuery, PAGE_SIZE, type SearchPage } from '../api/corpus-search.ts'

/** The words and match of a search query's key: another sort or page of them keeps the lines shown meanwhile. */
const wordsOf = (key: readonly unknown[]) => {
  const params = key[3] as CorpusSearchParams | undefined
  return params && `${params.q}\u0000${params.match}`
}

export function useCorpusSearch(id: string, search: CorpusSearchState, page: number) {
  const enabled = search.q.trim() !== ''
  const lines = useQuery({
    ...corpusSearchQuery(id, {
      q: search.q,
      sort: search.sort,
      match: search.match,
      limit: PAGE_SIZE,
      offset: page * PAGE_SIZE,
      count: 'none',
    }),
    enabled,
    // Re-sorted or paged, the lines stay until the new ones arrive; other words never show the last search's lines.
    placeholderData: (previous: SearchPage | undefined, previousQuery) =>
      previousQuery && wordsOf(previousQuery.queryKey) === `${search.q}\u0000${search.match}`
        ? previous
        : undefined,
  })
  // The count's own request: one line, the total exact; the order does not change it, so a re-sort does not recount.
  const count = useQuery({
    ...corpusSearchQuery(id, {
      q: search.q,
      sort: DEFAULT_CORPUS_SEARCH.sort,
      match: search.match,
      limit: 1,
      offset: 0,
      count: 'exact',
    }),
    enabled,
  })
  return {
    lines,
    total: count.data?.total ?? null,
    counting: enabled && count.isPending,
    countError: count.error,
  }
}
