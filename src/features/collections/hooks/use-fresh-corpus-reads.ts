/** The corpus's searches and word statistics are read again once a job has added tracks: when it ends, not at every poll. */
import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'

export function useFreshCorpusReads(collectionId: string, collected: number | undefined, running: boolean) {
  const queryClient = useQueryClient()
  /** The collected count the searches and statistics on screen were read with. */
  const readWith = useRef<number | undefined>(undefined)
  useEffect(() => {
    if (collected === undefined) return
    if (readWith.current === undefined) {
      readWith.current = collected
      return
    }
    if (running || readWith.current === collected) return
    readWith.current = collected
    for (const kind of ['stats', 'search'])
      void queryClient.invalidateQueries({ queryKey: ['collections', kind, collectionId] })
  }, [collectionId, collected, running, queryClient])
}
