import { RouterProvider } from 'react-router'
import { AppProviders } from './providers.tsx'
import { createAppRouter } from './router.tsx'
import { createQueryClient } from '../lib/query-client.ts'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
