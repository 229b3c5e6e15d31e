import { useQueryClient } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { isUnauthorized, sessionQueries, type SessionStatus } from './api/queries.ts'
import { SignInForm } from './components/sign-in-form.tsx'
import { useAccess } from './hooks/use-access.ts'

type SignInViewProps = {
  /** A path inside the dashboard (already checked by safeReturnPath). */
  returnTo: string
}

/** The password page; once signed in (or when no password is configured) it goes back to where the researcher was. */
export function SignInView({ returnTo }: SignInViewProps) {
  const access = useAccess()
  const queryClient = useQueryClient()

  function onSignedIn() {
    queryClient.setQueryData<SessionStatus>(sessionQueries.status().queryKey, {
      signInRequired: true,
      signedIn: true,
    })
    // What was refused for want of a session is asked again, now with the cookie.
    void queryClient.resetQueries({ predicate: (q) => isUnauthorized(q.state.error) })
  }

  if (access === 'open' || access === 'signed-in') return <Navigate replace to={returnTo} />
  return (
    <section aria-labelledby="sign-in-title" className="mx-auto max-w-sm">
      <h1 id="sign-in-title" className="text-2xl font-semibold">
        Sign in
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        This dashboard spends its owner&apos;s prepaid balance, so it asks for the password it was deployed
        with.
      </p>
      <div className="mt-6">
        {access === 'checking' ? (
          <p role="status" className="text-slate-600">
            Checking access…
          </p>
        ) : (
          <SignInForm onSignedIn={onSignedIn} />
        )}
      </div>
    </section>
  )
}
