import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { spendQueries } from '#features/spend/api/queries.ts'
import { refreshAfterPayment } from '#lib/pricing/refresh-after-payment.ts'
import { refreshQuotesAfterPayment } from '#lib/pricing/refresh-after-payment.ts'
import { useIsRestoring, type Restore } from '#lib/use-query-persistence.ts'

const RestoreContext = createContext<Restore>({ done: Promise.resolve(), settled: true })

type AppProvidersProps = { queryClient: QueryClient; restore: Restore; children: ReactNode }

export function AppProviders({ queryClient, restore, children }: AppProvidersProps) {
  // A paid answer changes what was spent (the meter, /spend) and what is cached (the quotes of what it bought).
  useEffect(() => refreshAfterPayment(queryClient, [spendQueries.all()]), [queryClient])
  useEffect(() => refreshQuotesAfterPayment(queryClient), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <RestoreContext value={restore}>{children}</RestoreContext>
    </QueryClientProvider>
  )
}

/**
 * Around the views: their queries wait until the persisted cache is restored, so an answer already paid for is
 * shown, not bought again. The shell's own queries (session, health, spend: free, never persisted) are outside
 * and start at once, so the sign-in check does not wait for IndexedDB.
 */
export function RestoredQueries({ children }: { children: ReactNode }) {
  const isRestoring = useIsRestoring(useContext(RestoreContext))
  return <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
}
