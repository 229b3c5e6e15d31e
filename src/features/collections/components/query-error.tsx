/** A failed collections request, said plainly with Retry (these calls are free bookkeeping, never paid). */
import { errorMessage } from '#lib/api-client.ts'
import { ErrorPanel } from '#components/ui/error-panel.tsx'

type FailedQuery = { error: unknown; errorUpdatedAt: number; refetch: () => unknown; isFetching: boolean }

export function QueryError({ title, query }: { title: string; query: FailedQuery }) {
  if (!query.error) return null
  return (
    <ErrorPanel
      title={title}
      message={errorMessage(query.error)}
      error={query.error}
      failedAt={query.errorUpdatedAt}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  )
}
