import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { collectionQueries } from '#lib/collections/collections-api.ts'

/** The collection a coding link names, with its name once the list is in; undefined outside coding mode. */
export function useCodingTarget(videoId: string, collectionId: string | undefined) {
  // The list is small; the detail holds every video.
  const collections = useQuery({ ...collectionQueries.list(), enabled: !!collectionId })
  return useMemo(
    () =>
      collectionId
        ? {
            collectionId,
            videoId,
            collectionName: collections.data?.collections.find((c) => c.id === collectionId)?.name,
          }
        : undefined,
    [collectionId, videoId, collections.data],
  )
}
