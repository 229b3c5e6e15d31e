/** Renders routes (or one element) in a memory router at a URL, under a fresh QueryClient that does not retry. */
import { isValidElement, type ReactElement } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { createQueryClient } from '#lib/query-client.ts'
import { ROUTES } from '#lib/urls/routes.ts'

export type RenderRouteOptions = {
  /** The URL the router starts at (default `/`). */
  at?: string
  /** A client the test wants to inspect or share; otherwise a fresh one. */
  queryClient?: QueryClient
}

/**
 * `routes` as the test needs them (usually the app's route component at its pattern plus a `*` catch-all), or one
 * element shown at every URL. Returns the router (to read or drive its location), the client and a user-event.
 */
export function renderRoute(
  routes: RouteObject[] | ReactElement,
  { at = '/', queryClient = createQueryClient({ retry: false }) }: RenderRouteOptions = {},
) {
  const table = isValidElement(routes) ? [{ path: '*', element: routes }] : routes
  const router = createMemoryRouter(table, { initialEntries: [at] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient, user: userEvent.setup() }
}

type RouteModule = Promise<{ Component: RouteObject['Component'] }>

/** The app's views as the router mounts them (patterns from the route table), loaded on demand. */
const APP_VIEWS = {
  search: [[ROUTES.search, () => import('#app/routes/search.tsx')]],
  popular: [[ROUTES.popular, () => import('#app/routes/popular.tsx')]],
  channels: [
    [ROUTES.channels, () => import('#app/routes/channels.tsx')],
    [ROUTES.channelUser, () => import('#app/routes/channels.tsx')],
    [ROUTES.channel, () => import('#app/routes/channels.tsx')],
  ],
  videos: [
    [ROUTES.videos, () => import('#app/routes/video-picker.tsx')],
    [ROUTES.video, () => import('#app/routes/videos.tsx')],
  ],
  bulk: [[ROUTES.bulk, () => import('#app/routes/bulk.tsx')]],
  collections: [
    [ROUTES.collections, () => import('#app/routes/collections.tsx')],
    [ROUTES.collection, () => import('#app/routes/collection.tsx')],
  ],
} satisfies Record<string, [string, () => RouteModule][]>

/**
 * A view's routes as the app mounts them, for a feature's tests (a feature may not import the app shell itself):
 * `const routes = await appRoutes('search')` at the top of the test file, then `renderRoute([...routes, …], { at })`.
 */
export async function appRoutes(view: keyof typeof APP_VIEWS): Promise<RouteObject[]> {
  return Promise.all(
    APP_VIEWS[view].map(async ([path, load]) => ({ path, Component: (await load()).Component })),
  )
}
