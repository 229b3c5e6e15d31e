import { queryOptions } from '@tanstack/react-query'
import { Health } from '../../../contract/index.ts'
import { getJson } from '../../lib/api-client.ts'

export const healthQueries = {
  all: () => ['health'] as const,
  status: () =>
    queryOptions({
      queryKey: [...healthQueries.all(), 'status'],
      queryFn: ({ signal }) => getJson('/api/health', {}, Health, { signal }),
      staleTime: 60_000,
    }),
}
