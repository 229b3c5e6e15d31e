/** The function's one error body and the error responses the document names by status (server/errors.ts). */
import { z } from 'zod'
import type { ApiFailure, ErrorCode } from '../errors.ts'
import { formatBytes } from '../security/body-limit.ts'
import { MAX_HEADER_BYTES, MAX_REQUEST_TARGET } from '../security/request-size.ts'

export const ERROR_CODES = [
  'invalid_query',
  'not_found',
  'method_not_allowed',
  'conflict',
  'captions_unavailable',
  'balance_exhausted',
  'budget_exhausted',
  'rate_limited',
  'unauthorized',
  'forbidden',
  'upstream_auth',
  'upstream_error',
  'upstream_timeout',
  'upstream_unreachable',
  'upstream_invalid',
  'upstream_too_large',
  'storage_unavailable',
  'storage_damaged',
  'internal_error',
] as const satisfies readonly ErrorCode[]

// A code added to ErrorCode without a line above fails to compile here.
const everyCodeListed: Record<Exclude<ErrorCode, (typeof ERROR_CODES)[number]>, never> = {}
void everyCodeListed

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: 'One readable sentence: what is wrong and what to do.' }),
      param: z
        .string()
        .optional()
        .meta({ description: 'The parameter or body field at fault (a list index as `videoIds[3]`).' }),
      retryAfterSeconds: z
        .number()
        .int()
        .optional()
        .meta({ description: 'With 429: when to come back (also in the Retry-After header).' }),
    }),
  })
  .meta({ description: 'Every error the function answers, whatever the status.' })

// The documented shape is the one ApiFailure writes: a change to either fails to compile.
const sameShape: z.infer<typeof ErrorBody> = {} as ReturnType<ApiFailure['toBody']>
void sameShape

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 414 | 429 | 500 | 502 | 503 | 504

/** Component name and meaning of each error status, with the codes that come with it. */
export const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'invalid_query: a parameter or body field is missing, unknown or out of range (param names it). Nothing was paid.',
  },
  401: {
    name: 'Unauthorized',
    description: 'unauthorized: DASHBOARD_PASSWORD is set and this request has no valid session cookie.',
  },
  402: {
    name: 'PaymentRequired',
    description:
      "budget_exhausted: the request would pass BUDGET_USD; balance_exhausted: the service account's balance is spent. Cached answers are still served.",
  },
  403: {
    name: 'Forbidden',
    description:
      'forbidden: the request came from another site (Origin or Sec-Fetch-Site); tools such as curl send neither and pass.',
  },
  404: {
    name: 'NotFound',
    description:
      'not_found: no such collection, code, coding or service item; captions_unavailable: no captions in that language and mode.',
  },
  409: {
    name: 'Conflict',
    description:
      'conflict: the request contradicts the current state (a collection of another data source, a duplicate code name, no job to stop, a track not collected).',
  },
  413: {
    name: 'PayloadTooLarge',
    description:
      'invalid_query (param body): the request body is larger than this route takes (the message names the limit); refused as it streams, before it is read whole.',
  },
  414: {
    name: 'UriTooLong',
    description: `invalid_query (param url): the path and query string are longer than ${formatBytes(MAX_REQUEST_TARGET)}. Past ${formatBytes(MAX_HEADER_BYTES)} of request line and headers together the node server answers 431 with the same body.`,
  },
  429: {
    name: 'TooManyRequests',
    description:
      'rate_limited: too many paid requests (or sign-in attempts) per minute from this client, or the service is rate-limiting; wait Retry-After seconds.',
  },
  500: { name: 'InternalError', description: 'internal_error: an unexpected error; it has been logged.' },
  502: {
    name: 'BadGateway',
    description:
      "upstream_error, upstream_auth, upstream_invalid, upstream_unreachable, upstream_too_large: the data service failed, refused this server's token, broke its contract or could not be reached.",
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'storage_unavailable: the database could not be reached; nothing was paid. storage_damaged: the money tables (ledger, budget, cache) cannot be read whole, so nothing is paid until the data are restored; the message names the table and the remedy.',
  },
  504: { name: 'GatewayTimeout', description: 'upstream_timeout: the data service did not answer in time.' },
}

/** Answered by any operation (a URL too long), or any that reads a body (a body too large): listed for every such operation. */
export function withSizeErrors(errors: readonly ErrorStatus[], readsBody: boolean): ErrorStatus[] {
  const all = new Set<ErrorStatus>([...errors, ...(readsBody ? [413 as const] : []), 414])
  return [...all].sort((a, b) => a - b)
}

/** Statuses whose answers may also carry the money headers: a failed paid call can still have cost (or been cached). */
export const PRICED_ERROR_STATUSES: readonly ErrorStatus[] = [400, 402, 404, 429, 502, 504]
