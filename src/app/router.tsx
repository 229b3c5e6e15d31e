import { createBrowserRouter } from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import { RootLayout } from './root-layout.tsx'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

/** Every view is a lazy route: its code (and the map's) loads only when the view is opened. */
export function createAppRouter(queryClient: QueryClient) {
  void queryClient // loaders that prefetch receive it through route modules' `loader` factories
  return createBrowserRouter([
    {
      path: '/',
      Component: RootLayout,
      // The first load shows the shell while the view's lazy module loads (the router renders nothing otherwise);
      // the same component, so it stays mounted when the view arrives.
      HydrateFallback: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, lazy: () => import('./routes/home.tsx') },
        { path: 'search', lazy: () => import('./routes/search.tsx') },
        { path: 'popular', lazy: () => import('./routes/popular.tsx') },
        { path: 'channels', lazy: () => import('./routes/channels.tsx') },
        { path: 'channels/user/:username', lazy: () => import('./routes/channels.tsx') },
        { path: 'channels/:channelRef', lazy: () => import('./routes/channels.tsx') },
        { path: 'replies', lazy: () => import('./routes/replies.tsx') },
        { path: 'replies/:commentId', lazy: () => import('./routes/replies.tsx') },
        { path: 'videos', lazy: () => import('./routes/video-picker.tsx') },
        { path: 'videos/:videoId', lazy: () => import('./routes/videos.tsx') },
        { path: 'bulk', lazy: () => import('./routes/bulk.tsx') },
        { path: 'spend', lazy: () => import('./routes/spend.tsx') },
        { path: 'sign-in', lazy: () => import('./routes/sign-in.tsx') },
        { path: '*', lazy: () => import('./routes/not-found.tsx') },
      ],
    },
  ])
}
