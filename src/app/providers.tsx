import { useEffect, type ReactNode } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { spendQueries } from '../features/spend/api/queries.ts'
import { queryPersistOptions } from '../lib/query-persistence.ts'
import { quoteQueries } from '../lib/quote-queries.ts'
import { refreshAfterPaidRequests } from '../lib/refresh-after-paid-requests.ts'

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode }

// Created once: the provider re-subscribes whenever these options change identity.
const persistOptions = queryPersistOptions(__APP_VERSION__)

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  // A paid answer changes what is cached (quotes) and what was spent (the meter, /spend).
  useEffect(() => refreshAfterPaidRequests(queryClient, [quoteQueries.all(), spendQueries.all()]), [queryClient])
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  )
}
