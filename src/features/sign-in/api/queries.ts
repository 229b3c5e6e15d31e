/** Sign-in state of this browser with the function (HttpOnly session cookie; the SPA never sees its value). */
import { queryOptions } from '@tanstack/react-query'
import { ApiError, getJson } from '#lib/api-client.ts'
import { paidFetch } from '#lib/paid-fetch.ts'

export type { SessionStatus } from './session-schema.ts'

export const sessionQueries = {
  all: () => ['session'] as const,
  status: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'status'],
      // Every page asks this first: the schema (and zod) loads beside the request, not before the first paint (docs/decisions/0099).
      queryFn: ({ signal }) =>
        getJson('/api/session', {}, () => import('./session-schema.ts').then((m) => m.SessionStatus), {
          signal,
        }),
      staleTime: 5 * 60_000,
    }),
}

/** The function's refusal of a request without a valid session (not a wrong password, which is the sign-in's own answer). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'unauthorized'
}

/** Resolves when the function set the session cookie; throws ApiError (401 wrong password, 429 too many attempts). */
export async function signIn(password: string): Promise<void> {
  await paidFetch(
    '/api/session',
    { as: 'none' },
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) },
  )
}

export async function signOut(): Promise<void> {
  await paidFetch('/api/session', { as: 'none' }, { method: 'DELETE' })
}
