/** /collections' URLs: their state, builders and parser in one module, so a parameter is added in one place. */
import { SEARCH_MATCHES, SEARCH_SORTS } from '#contract/collections.ts'
import { ROUTES, seg, withQuery } from './routes.ts'

// ——— /collections, /collections/:collectionId?q=&sort=&match= ———

/** Collection ids are `c_` + 10 letters or digits (server/collections/collection-id.ts). */
export const COLLECTION_ID_RE = /^c_[0-9A-Za-z]{10}$/

export type CorpusSort = (typeof SEARCH_SORTS)[number]
export type CorpusMatch = (typeof SEARCH_MATCHES)[number]

/** The corpus search a collection's URL restores. */
export type CorpusSearchState = { q: string; sort: CorpusSort; match: CorpusMatch }

export const DEFAULT_CORPUS_SEARCH: CorpusSearchState = { q: '', sort: 'time', match: 'words' }

/** Only what differs from the defaults, so a plain collection link stays plain. */
export function corpusSearchParams(state: Partial<CorpusSearchState>): URLSearchParams {
  const sp = new URLSearchParams()
  if (state.q) sp.set('q', state.q)
  if (state.sort && state.sort !== 'time') sp.set('sort', state.sort)
  if (state.match && state.match !== 'words') sp.set('match', state.match)
  return sp
}

export const collectionsPath = () => ROUTES.collections

export const collectionPath = (id: string, search: Partial<CorpusSearchState> = {}) =>
  withQuery(`${ROUTES.collections}/${seg(id)}`, corpusSearchParams(search).toString())

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
