import { queryOptions } from '@tanstack/react-query'
import { getJson } from '#lib/api-client.ts'

export const healthQueries = {
  all: () => ['health'] as const,
  status: () =>
    queryOptions({
      queryKey: [...healthQueries.all(), 'status'],
      // The shell asks this on every page: its schema (and zod) loads beside the request (docs/decisions/0099).
      queryFn: ({ signal }) =>
        getJson('/api/health', {}, () => import('#contract/schemas.ts').then((m) => m.Health), { signal }),
      staleTime: 60_000,
    }),
}
