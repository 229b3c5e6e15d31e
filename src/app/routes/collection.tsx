import { useCallback, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { CollectionView } from '#features/collections/collection-view.tsx'
import { corpusSearchParams, type CorpusSearchState, parseCorpusSearch } from '#lib/urls/collections.ts'

export function Component() {
  const { collectionId = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const { state, problems } = useMemo(() => parseCorpusSearch(searchParams), [searchParams])
  // Each search is a history entry: back returns to the previous one.
  const onSearchChange = useCallback(
    (next: CorpusSearchState) => setSearchParams(corpusSearchParams(next)),
    [setSearchParams],
  )
  return (
    <CollectionView
      collectionId={collectionId}
      search={state}
      problems={problems}
      onSearchChange={onSearchChange}
    />
  )
}
