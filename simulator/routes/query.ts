/** Reading and checking query parameters, with messages that name the parameter and what is allowed. */
import type { Context } from 'hono'
import { invalid } from '../errors.ts'
import { decodePageToken, encodePageToken } from '../page-token.ts'

export type SimEnv = { Variables: { baseUrl: string } }
export type SimContext = Context<SimEnv>

/** The parameter's value; an empty or blank value counts as absent. */
export function param(c: SimContext, name: string): string | undefined {
  const v = c.req.query(name)?.trim()
  return v ? v : undefined
}

export function enumParam<T extends string>(
  c: SimContext,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const v = param(c, name)
  if (v === undefined) return undefined
  if (!(allowed as readonly string[]).includes(v)) {
    const list = allowed.length > 12 ? `${allowed.slice(0, 12).join(', ')}, …` : allowed.join(', ')
    throw invalid(`${name} "${v}" is not allowed; use one of ${list}.`)
  }
  return v as T
}

/** One page of `items` from the offset the pageToken carries; tokens are bound to `scope` (the query). */
export function pageOf<T>(
  items: readonly T[],
  scope: string,
  token: string | undefined,
  size: number,
): { page: T[]; nextPageToken?: string } {
  let offset = 0
  if (token !== undefined) {
    const decoded = decodePageToken(scope, token)
    if (decoded === undefined || decoded >= items.length || decoded % size !== 0) {
      throw invalid(
        'pageToken is invalid or does not belong to this query; use the nextPageToken of the previous page.',
      )
    }
    offset = decoded
  }
  const end = offset + size
  return {
    page: items.slice(offset, end),
    ...(end < items.length ? { nextPageToken: encodePageToken(scope, end) } : {}),
  }
}
