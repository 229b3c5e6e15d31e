import { Link, useLocation } from 'react-router'
import { ROUTES } from '#lib/urls/routes.ts'
import { pageTitle } from '#lib/page-title.ts'

export function Component() {
  const { pathname } = useLocation()
  return (
    <div className="mx-auto max-w-2xl py-8">
      <title>{pageTitle('Page not found')}</title>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-3 text-slate-700">
        There is no view at <code className="rounded bg-slate-100 px-1">{pathname}</code>. Paste a link on the
        home page to open what it points at.
      </p>
      <Link
        to={ROUTES.home}
        className="mt-6 inline-block rounded bg-sky-700 px-4 py-2 text-white hover:bg-sky-800"
      >
        Go to the home page
      </Link>
    </div>
  )
}
