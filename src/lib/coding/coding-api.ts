/** The codes and codings HTTP interface as the SPA calls it: query option factories, calls, export links (contract/coding.ts). */
import { queryOptions } from '@tanstack/react-query'
import {
  Code,
  CodeList,
  Coding,
  CodingList,
  type CodeInput,
  type CodePatch,
  type CodingPatch,
  type CreateCodingsBody,
  type TranscriptFormat,
} from '#contract/coding.ts'
import { apiUrl } from '../api-client.ts'
import { send } from '../collections/collections-api.ts'
import { paidFetch } from '../paid-fetch.ts'

const one = (id: string) => `/api/collections/${encodeURIComponent(id)}`
const codesUrl = (id: string) => `${one(id)}/codes`
const codingsUrl = (id: string) => `${one(id)}/codings`

const remove = (url: string) => paidFetch(url, { as: 'none' }, { method: 'DELETE' }).then(() => undefined)

export const createCode = (collectionId: string, body: CodeInput) =>
  send(codesUrl(collectionId), 'POST', Code, body)
export const updateCode = (collectionId: string, codeId: string, patch: CodePatch) =>
  send(`${codesUrl(collectionId)}/${encodeURIComponent(codeId)}`, 'PATCH', Code, patch)
export const deleteCode = (collectionId: string, codeId: string) =>
  remove(`${codesUrl(collectionId)}/${encodeURIComponent(codeId)}`)

export const createCodings = (collectionId: string, body: CreateCodingsBody) =>
  send(codingsUrl(collectionId), 'POST', CodingList, body).then((r) => r.codings)
export const updateCoding = (collectionId: string, codingId: string, patch: CodingPatch) =>
  send(`${codingsUrl(collectionId)}/${encodeURIComponent(codingId)}`, 'PATCH', Coding, patch)
export const deleteCoding = (collectionId: string, codingId: string) =>
  remove(`${codingsUrl(collectionId)}/${encodeURIComponent(codingId)}`)

export type CodingsFilter = { videoId?: string; codeId?: string }

export const codingQueries = {
  all: (collectionId: string) => ['collections', 'coding', collectionId] as const,
  codes: (collectionId: string) =>
    queryOptions({
      queryKey: [...codingQueries.all(collectionId), 'codes'] as const,
      queryFn: ({ signal }) =>
        paidFetch(codesUrl(collectionId), { as: 'json', schema: CodeList }, { signal }).then(
          (r) => r.data.codes,
        ),
      // Shared with everyone who signs in: asked again when a view opens.
      staleTime: 5_000,
    }),
  codings: (collectionId: string, filter: CodingsFilter = {}) =>
    queryOptions({
      queryKey: [...codingQueries.all(collectionId), 'codings', filter] as const,
      queryFn: ({ signal }) =>
        paidFetch(
          apiUrl(codingsUrl(collectionId), filter),
          { as: 'json', schema: CodingList },
          { signal },
        ).then((r) => r.data.codings),
      staleTime: 5_000,
    }),
}

/** The function's coding exports, as plain links (the browser downloads them). */
export const codingExportUrls = {
  qdpx: (id: string) => `${one(id)}/export/project.qdpx`,
  qdc: (id: string) => `${one(id)}/export/codebook.qdc`,
  transcripts: (id: string, format: TranscriptFormat) =>
    apiUrl(`${one(id)}/export/transcripts.zip`, { format }),
  elan: (id: string) => `${one(id)}/export/elan.zip`,
  codingsCsv: (id: string) => `${one(id)}/export/codings.csv`,
  codingsProvenance: (id: string) => `${one(id)}/export/codings.provenance.json`,
}
