import { useMemo } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { priceOf } from '#contract/index.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import { useQuotedPrice } from '#lib/pricing/use-quoted-price.ts'
import { searchApiPath, searchQueries, searchRequest } from '../api/queries.ts'
import { uniqueItems } from '../lib/filter-results.ts'
import type { SearchInput } from '../lib/search-url.ts'

/** The pages of one search: fetched once Search was pressed (`armed`), or at once when the quote says cached. */
export function useSearchPages(input: SearchInput, armed: boolean) {
  const { lat, lng, radius, unit } = input
  const request = useMemo(() => searchRequest({ lat, lng, radius, unit }), [lat, lng, radius, unit])
  const quote = useQuery(quoteQueries.forPath(searchApiPath(request)))
  const results = useInfiniteQuery({
    ...searchQueries.pages(request),
    enabled: armed || quote.data?.cached === true,
  })
  const pages = results.data?.pages
  const items = useMemo(() => (pages ? uniqueItems(pages) : []), [pages])
  const nextToken = pages?.at(-1)?.nextPageToken || undefined
  const nextPrice = useQuotedPrice(
    nextToken ? searchApiPath(request, nextToken) : undefined,
    priceOf('GET /search'),
  )
  return { request, quote, results, pages, items, nextPrice }
}
