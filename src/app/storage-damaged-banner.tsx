import { useQuery } from '@tanstack/react-query'
import { healthQueries } from './api/health-queries.ts'

/** Damaged money tables stop every payment: the researcher learns why, and what to do, before a request fails. */
export function StorageDamagedBanner() {
  const { data } = useQuery(healthQueries.status())
  const storage = data?.storage
  if (storage?.status !== 'degraded') return null
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900">
      <p className="mx-auto max-w-7xl">
        <strong>Paid requests are off:</strong>{' '}
        {`the dashboard's ${storage.table ?? 'money'} table is damaged (${storage.reason ?? 'unreadable'}). ${storage.remedy ?? ''} Answers already cached are still shown.`}
      </p>
    </div>
  )
}
