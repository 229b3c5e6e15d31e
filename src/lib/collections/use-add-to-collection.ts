/** The data side of "Add to collection" (components/add-to-collection.tsx shows it): the list of collections and the add itself. */
import { useCallback } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  COLLECTION_LIMITS,
  type AddVideosResult,
  type CollectionSummary,
  type FoundByInput,
  type VideoMeta,
} from '#contract/collections.ts'
import { addVideos, collectionQueries, createCollection } from './collections-api.ts'

/** An existing collection by id, or a new one by name. */
type AddTarget = { id: string } | { name: string }

export type CollectionAdder = {
  collections: readonly CollectionSummary[] | undefined
  listError: unknown
  add: (target: AddTarget, videos: readonly VideoMeta[], foundBy: FoundByInput) => Promise<AddVideosResult>
}

/** Splits a long list into the calls the function takes (10,000 ids each). */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** `listWanted`: ask for the collections only when a chooser is open, so a list view costs no request until then. */
export function useAddToCollection(listWanted = true): CollectionAdder {
  const queryClient = useQueryClient()
  const list = useQuery({ ...collectionQueries.list(), enabled: listWanted })
  const add = useCallback(
    async (
      target: AddTarget,
      videos: readonly VideoMeta[],
      foundBy: FoundByInput,
    ): Promise<AddVideosResult> => {
      const id = 'id' in target ? target.id : (await createCollection({ name: target.name })).id
      let result: AddVideosResult | undefined
      let added = 0
      let alreadyThere = 0
      for (const part of chunks(videos, COLLECTION_LIMITS.idsPerCall)) {
        result = await addVideos(id, { videoIds: part.map((v) => v.videoId), videos: part, source: foundBy })
        added += result.added
        alreadyThere += result.alreadyThere
      }
      await queryClient.invalidateQueries({ queryKey: collectionQueries.all() })
      if (!result) throw new Error('No videos to add.')
      return { ...result, added, alreadyThere }
    },
    [queryClient],
  )
  return { collections: list.data?.collections, listError: list.error, add }
}
