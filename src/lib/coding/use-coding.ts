/** The data side of coding, shared by the studio, the collection view and the reply viewer: the codebook, codings, changes. */
import { useCallback, useMemo } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Code, CodeInput, CodePatch, Coding, CodingPatch, CreateCodingsBody } from '#contract/coding.ts'
import { useCoderName } from './coder-name.ts'
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

/** A coded-segments list's editing: save a memo, remove a coding, and whether one of them is under way. */
export function segmentEditing(changes: ReturnType<typeof useCodingChanges>) {
  return {
    busy: changes.edit.isPending || changes.remove.isPending,
    onSaveMemo: (id: string, memo: string) => changes.edit.mutate({ id, patch: { memo } }),
    onRemove: (id: string) => changes.remove.mutate(id),
  }
}

export function useCodeChanges(collectionId: string) {
  const onSuccess = useInvalidate(collectionId)
  const create = useMutation({
    mutationFn: (body: CodeInput) => createCode(collectionId, body),
    // Not awaited: the new-code form clears once the code is saved, not after the refresh, so a name typed meanwhile stays.
    onSuccess: () => void onSuccess(),
  })
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CodePatch }) => updateCode(collectionId, id, patch),
    onSuccess,
  })
  const remove = useMutation({ mutationFn: (code: Code) => deleteCode(collectionId, code.id), onSuccess })
  return { create, update, remove }
}

/** A code applied to one item, as a chip beside it (components/coding/coding-chips.tsx). */
export type CodingChip = { id: string; name: string; color: string; memo: string }

/**
 * The collection's codings indexed by what a view shows them on (a video's hits, a reply), their codes as chips,
 * and the changes. `keyOf` must keep its identity (a module-level function).
 */
export function useItemCoding(collectionId: string | undefined, keyOf: (c: Coding) => string | undefined) {
  const codebook = useCodebook(collectionId)
  const codings = useCodings(collectionId)
  const changes = useCodingChanges(collectionId ?? '')
  const [coder] = useCoderName()
  const index = useMemo(() => {
    const map = new Map<string, Coding[]>()
    for (const c of codings.data ?? []) {
      const key = keyOf(c)
      if (key === undefined) continue
      const list = map.get(key)
      if (list) list.push(c)
      else map.set(key, [c])
    }
    return map
  }, [codings.data, keyOf])
  const chipsOf = useCallback(
    (key: string, covers: (c: Coding) => boolean = () => true): CodingChip[] =>
      (index.get(key) ?? []).flatMap((c) => {
        const code = codebook.byId.get(c.codeId)
        return code && covers(c) ? [{ id: c.id, name: code.name, color: code.color, memo: c.memo }] : []
      }),
    [index, codebook.byId],
  )
  return { codes: codebook.ordered, codesError: codebook.query.error, chipsOf, changes, coder }
}
