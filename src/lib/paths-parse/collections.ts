/** The route table's parser for /collections/:collectionId (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { SEARCH_MATCHES, SEARCH_SORTS } from '#contract/collections.ts'
import { DEFAULT_CORPUS_SEARCH, type CorpusSearchState } from '../paths/collections.ts'

const isOneOf = <T extends string>(values: readonly T[], v: string): v is T =>
  (values as readonly string[]).includes(v)

export function parseCorpusSearch(sp: URLSearchParams): { state: CorpusSearchState; problems: string[] } {
  const problems: string[] = []
  const state: CorpusSearchState = { ...DEFAULT_CORPUS_SEARCH, q: sp.get('q') ?? '' }
  const sort = sp.get('sort')
  if (sort) {
    if (isOneOf(SEARCH_SORTS, sort)) state.sort = sort
    else problems.push(`Ignored sort=${sort}: use one of ${SEARCH_SORTS.join(', ')}.`)
  }
  const match = sp.get('match')
  if (match) {
    if (isOneOf(SEARCH_MATCHES, match)) state.match = match
    else problems.push(`Ignored match=${match}: use one of ${SEARCH_MATCHES.join(', ')}.`)
  }
  return { state, problems }
}
