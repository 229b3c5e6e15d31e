import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { ROUTES } from '#lib/urls/routes.ts'
import { errorMessage } from '#lib/api-client.ts'

/** Last line of defence: a readable message and a way back, never a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error)
  const isChunkError =
    error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message)
  return (
    <main className="mx-auto max-w-2xl p-8" role="alert">
      <h1 className="text-2xl font-semibold">Something went wrong on this page</h1>
      <p className="mt-3 text-slate-700">
        {isChunkError
          ? 'The dashboard was updated or the connection dropped while this view was loading.'
          : message}
      </p>
      <div className="mt-6 flex gap-3">
        <button
          type="button"
          className="rounded bg-sky-700 px-4 py-2 text-white hover:bg-sky-800"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        <Link to={ROUTES.home} className="rounded border border-slate-300 px-4 py-2 hover:bg-slate-100">
          Go to the home page
        </Link>
      </div>
    </main>
  )
}
