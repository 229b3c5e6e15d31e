import { useMutation, useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '#lib/api-client.ts'
import { signInPath } from '#lib/urls/sign-in.ts'
import { signOut } from '../api/queries.ts'
import { useAccess } from '../hooks/use-access.ts'

/** Header button, shown only while signed in to a password-protected deployment. */
export function SignOutButton() {
  const access = useAccess()
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Nothing seen in this session stays in the browser (memory or IndexedDB) for the next person at this computer.
      queryClient.clear()
      // Imported here, not statically: the persistence code stays out of the first load (docs/decisions/0099).
      const { forgetPersistedQueries } = await import('#lib/query-persistence.ts')
      await forgetPersistedQueries()
      window.location.assign(signInPath())
    },
  })
  if (access !== 'signed-in') return null
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
        className="rounded border border-slate-500 px-2.5 py-1 text-sm text-slate-100 hover:bg-slate-700 disabled:opacity-60"
      >
        {mutation.isPending ? 'Signing out…' : 'Sign out'}
      </button>
      {mutation.isError && (
        <span role="alert" className="text-xs text-red-200">
          {errorMessage(mutation.error)}
        </span>
      )}
    </span>
  )
}
