import { createBrowserRouter } from 'react-router'
import { ROUTES } from '#lib/urls/routes.ts'
import { RootLayout } from './root-layout.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'
import { keepScrollOnSamePage } from './keep-scroll-on-same-page.ts'

/** Every view is a lazy route: its code (and the map's) loads only when the view is opened. Paths: the route table. */
export function createAppRouter() {
  return keepScrollOnSamePage(
    createBrowserRouter([
      {
        path: ROUTES.home,
        Component: RootLayout,
        // The first load shows the shell while the view's lazy module loads (the router renders nothing otherwise);
        // the same component, so it stays mounted when the view arrives.
        HydrateFallback: RootLayout,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: () => import('./routes/home.tsx') },
          { path: ROUTES.search, lazy: () => import('./routes/search.tsx') },
          { path: ROUTES.popular, lazy: () => import('./routes/popular.tsx') },
          { path: ROUTES.channels, lazy: () => import('./routes/channels.tsx') },
          { path: ROUTES.channelUser, lazy: () => import('./routes/channels.tsx') },
          { path: ROUTES.channel, lazy: () => import('./routes/channels.tsx') },
          { path: ROUTES.replies, lazy: () => import('./routes/replies.tsx') },
          { path: ROUTES.reply, lazy: () => import('./routes/replies.tsx') },
          { path: ROUTES.videos, lazy: () => import('./routes/video-picker.tsx') },
          { path: ROUTES.video, lazy: () => import('./routes/videos.tsx') },
          { path: ROUTES.bulk, lazy: () => import('./routes/bulk.tsx') },
          { path: ROUTES.collections, lazy: () => import('./routes/collections.tsx') },
          { path: ROUTES.collection, lazy: () => import('./routes/collection.tsx') },
          { path: ROUTES.spend, lazy: () => import('./routes/spend.tsx') },
          { path: ROUTES.signIn, lazy: () => import('./routes/sign-in.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ]),
  )
}
