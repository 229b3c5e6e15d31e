import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isUnauthorized, sessionQueries } from '../api/queries.ts'

/** `open`: no password configured; `checking`: not known yet; views render only when `open` or `signed-in`. */
export type Access = 'checking' | 'open' | 'signed-in' | 'signed-out'

export function useAccess(): Access {
  const { data, isPending } = useQuery(sessionQueries.status())
  if (isPending) return 'checking'
  // When the server cannot be reached the views show their own errors: there is nothing to sign in to.
  if (!data?.signInRequired) return 'open'
  return data.signedIn ? 'signed-in' : 'signed-out'
}

/** Any query refused with 401 means the session ended (expired, signed out elsewhere): ask the server again. */
export function useRecheckOnUnauthorized(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        if (event.query.queryKey[0] === sessionQueries.all()[0] || !isUnauthorized(event.action.error)) return
        void queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
      }),
    [queryClient],
  )
}
