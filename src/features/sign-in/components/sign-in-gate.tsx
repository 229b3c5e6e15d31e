import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useAccess, useRecheckOnUnauthorized } from '../hooks/use-access.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { signInPath } from '#lib/urls/sign-in.ts'

type SignInGateProps = { children: ReactNode }

/** Keeps every view (and its requests) behind the sign-in page while this deployment asks for a password and none was given. */
export function SignInGate({ children }: SignInGateProps) {
  const access = useAccess()
  const location = useLocation()
  useRecheckOnUnauthorized()
  if (location.pathname === ROUTES.signIn) return children
  if (access === 'checking') {
    return (
      <p role="status" className="text-slate-600">
        Checking access…
      </p>
    )
  }
  if (access === 'signed-out')
    return <Navigate replace to={signInPath(`${location.pathname}${location.search}${location.hash}`)} />
  return children
}
