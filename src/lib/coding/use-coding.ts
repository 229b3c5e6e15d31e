/** The data side of coding, shared by the studio, the collection view and the reply viewer: the codebook, codings, changes. */
import { useMemo } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Code, CodeInput, CodePatch, CodingPatch, CreateCodingsBody } from '#contract/coding.ts'
import { orderCodes } from './code-tree.ts'
import {
  codingQueries,
  createCode,
  createCodings,
  deleteCode,
  deleteCoding,
  updateCode,
  updateCoding,
  type CodingsFilter,
} from './coding-api.ts'

/** The collection's codes in tree order (numbered 1–9) and by id. */
export function useCodebook(collectionId: string | undefined) {
  const query = useQuery({ ...codingQueries.codes(collectionId ?? ''), enabled: !!collectionId })
  const ordered = useMemo(() => orderCodes(query.data ?? []), [query.data])
  const byId = useMemo(() => new Map((query.data ?? []).map((c) => [c.id, c])), [query.data])
  return { query, ordered, byId }
}

export function useCodings(collectionId: string | undefined, filter: CodingsFilter = {}) {
  return useQuery({ ...codingQueries.codings(collectionId ?? '', filter), enabled: !!collectionId })
}

/** Every change refreshes the collection's codes and codings (one key prefix), in every view that shows them. */
function useInvalidate(collectionId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: codingQueries.all(collectionId) })
}

export function useCodingChanges(collectionId: string) {
  const onSuccess = useInvalidate(collectionId)
  const apply = useMutation({
    mutationFn: (body: CreateCodingsBody) => createCodings(collectionId, body),
    onSuccess,
  })
  const edit = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CodingPatch }) => updateCoding(collectionId, id, patch),
    onSuccess,
  })
  const remove = useMutation({ mutationFn: (id: string) => deleteCoding(collectionId, id), onSuccess })
  return { apply, edit, remove }
}

export function useCodeChanges(collectionId: string) {
  const onSuccess = useInvalidate(collectionId)
  const create = useMutation({ mutationFn: (body: CodeInput) => createCode(collectionId, body), onSuccess })
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CodePatch }) => updateCode(collectionId, id, patch),
    onSuccess,
  })
  const remove = useMutation({ mutationFn: (code: Code) => deleteCode(collectionId, code.id), onSuccess })
  return { create, update, remove }
}
