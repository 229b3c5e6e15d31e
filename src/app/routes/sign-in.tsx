import { useSearchParams } from 'react-router'
import { SignInView } from '#features/sign-in/sign-in-view.tsx'
import { safeReturnPath } from '#lib/routes.ts'

export function Component() {
  const [searchParams] = useSearchParams()
  return <SignInView returnTo={safeReturnPath(searchParams.get('next'))} />
}
