import { RouterProvider } from 'react-router'
import { AppProviders } from './providers.tsx'
import { createAppRouter } from './router.tsx'
import { createQueryClient } from '#lib/query-client.ts'
import { startQueryPersistence } from '#lib/use-query-persistence.ts'

const queryClient = createQueryClient()
// Before the first render: loading the persistence code and reading IndexedDB overlap React's start.
const restore = startQueryPersistence(queryClient, __APP_VERSION__)
const router = createAppRouter()

export function App() {
  return (
    <AppProviders queryClient={queryClient} restore={restore}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
