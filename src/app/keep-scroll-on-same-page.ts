import type { createBrowserRouter, RouterNavigateOptions } from 'react-router'

type AppRouter = ReturnType<typeof createBrowserRouter>

/** Where a navigation goes, when it says so without resolving routes: a query or hash alone stays on the page. */
function targetPathname(to: unknown, current: string): string | undefined {
  if (typeof to === 'string')
    return to.startsWith('?') || to.startsWith('#') ? current : new URL(to, `http://x${current}`).pathname
  if (to && typeof to === 'object') return (to as { pathname?: string }).pathname ?? current
  return undefined
}

/**
 * ScrollRestoration starts every new history entry at the top; a view writing its own state into the query (a filter,
 * the transcript search, a chosen language) is the same page, so the reader's place is kept (preventScrollReset).
 */
export function keepScrollOnSamePage(router: AppRouter): AppRouter {
  const navigate = router.navigate.bind(router) as (
    to: unknown,
    opts?: RouterNavigateOptions,
  ) => Promise<void>
  router.navigate = ((to: unknown, opts?: RouterNavigateOptions) => {
    // Back and Forward (a number) restore their own place.
    if (typeof to === 'number' || to === null) return navigate(to, opts)
    const here = router.state.location.pathname
    return navigate(to, {
      ...opts,
      preventScrollReset: opts?.preventScrollReset ?? targetPathname(to, here) === here,
    })
  }) as AppRouter['navigate']
  return router
}
