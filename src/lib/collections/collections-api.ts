/** The collections HTTP interface as the SPA calls it: every answer checked with contract/collections.ts. */
import { queryOptions } from '@tanstack/react-query'
import {
  AddVideosResult,
  CollectionDetail,
  CollectionList,
  CollectionSummary,
  CollectPrice,
  Job,
  type AddVideosBody,
  type CreateCollectionBody,
} from '#contract/collections.ts'
import { apiUrl, type QueryParams } from '../api-client.ts'
import { paidFetch, type ResponseSchema } from '../paid-fetch.ts'

const BASE = '/api/collections'
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`

/** A JSON body to one of the function's collection routes; the answer checked with `schema`. */
export async function send<T>(
  url: string,
  method: string,
  schema: ResponseSchema<T>,
  body?: unknown,
): Promise<T> {
  const init =
    body === undefined
      ? { method }
      : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
  return (await paidFetch(url, { as: 'json', schema }, init)).data
}

const get = <T>(url: string, schema: ResponseSchema<T>, params: QueryParams = {}, signal?: AbortSignal) =>
  paidFetch(apiUrl(url, params), { as: 'json', schema }, { signal }).then((r) => r.data)

export const createCollection = (body: CreateCollectionBody) => send(BASE, 'POST', CollectionSummary, body)
export const addVideos = (id: string, body: AddVideosBody) =>
  send(`${one(id)}/videos`, 'POST', AddVideosResult, body)
export const startCollect = (id: string, maxUsd: number) =>
  send(`${one(id)}/collect`, 'POST', Job, { maxUsd })
export const stopCollect = (id: string) => send(`${one(id)}/collect`, 'DELETE', Job)

export type CorpusSearchParams = {
  q: string
  sort: string
  match: string
  limit: number
  offset?: number
  count: 'exact' | 'none'
}
export type CorpusStatsParams = {
  q?: string
  n: 1 | 2 | 3
  stopwords: 'keep' | 'drop'
  match?: string
  limit?: number
}

/** While a job runs its progress is asked this often, so every tab and device sees it move. */
const JOB_POLL_MS = 1_500

export const collectionQueries = {
  all: () => ['collections'] as const,
  list: () =>
    queryOptions({
      queryKey: ['collections', 'list'] as const,
      queryFn: ({ signal }) => get(BASE, CollectionList, {}, signal),
      staleTime: 5_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['collections', 'detail', id] as const,
      queryFn: ({ signal }) => get(one(id), CollectionDetail, {}, signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.job?.state === 'running' ? JOB_POLL_MS : false),
    }),
  price: (id: string) =>
    queryOptions({
      queryKey: ['collections', 'price', id] as const,
      queryFn: ({ signal }) => get(`${one(id)}/collect`, CollectPrice, {}, signal),
      staleTime: 0,
    }),
}

/** The function's export routes, as plain links (the browser downloads them). */
export const exportUrls = {
  kwicCsv: (id: string, p: { q: string; sort: string; match: string }) =>
    apiUrl(`${one(id)}/export/kwic.csv`, p),
  kwicProvenance: (id: string, p: { q: string; sort: string; match: string }) =>
    apiUrl(`${one(id)}/export/kwic.provenance.json`, p),
  corpusZip: (id: string, p: { format: string; timestamps: boolean; plain: boolean }) =>
    apiUrl(`${one(id)}/export/corpus.zip`, {
      format: p.format,
      timestamps: p.timestamps ? '1' : '0',
      plain: p.plain ? '1' : '0',
    }),
}
