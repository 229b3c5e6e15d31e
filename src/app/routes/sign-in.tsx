import { useSearchParams } from 'react-router'
import { SignInView } from '#features/sign-in/sign-in-view.tsx'
import { safeReturnPath } from '#lib/urls/sign-in.ts'
import { pageTitle } from '#lib/page-title.ts'

export function Component() {
  const [searchParams] = useSearchParams()
  return (
    <>
      <title>{pageTitle('Sign in')}</title>
      <SignInView returnTo={safeReturnPath(searchParams.get('next'))} />
    </>
  )
}
