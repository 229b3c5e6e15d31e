/** The route table's builders for /collections (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { SEARCH_MATCHES, SEARCH_SORTS } from '#contract/collections.ts'
import { ROUTES, seg, withQuery } from '../routes.ts'

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
