/**
 * Same-origin only. The browser tells where a request comes from (Origin, Sec-Fetch-Site): a request sent by
 * another site is refused with 403 before anything runs. Not only state-changing methods: a paid GET spends
 * money, and any page could fire one at a dashboard on 127.0.0.1 (docs/decisions/0015). Tools without those
 * headers (curl, scripts) are not browsers driven by a stranger's page and pass.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiFailure, errorResponse } from '../errors.ts'
import { requestHost } from './request-origin.ts'

const DEFAULT_PORT = /:(80|443)$/

function hostOfOrigin(origin: string): string | undefined {
  try {
    const u = new URL(origin)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

export function sameOriginOnly(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const site = c.req.header('sec-fetch-site')?.toLowerCase()
    const origin = c.req.header('origin')
    const crossSite = site === 'cross-site' || site === 'same-site'
    const foreignOrigin = origin !== undefined && hostOfOrigin(origin)?.replace(DEFAULT_PORT, '') !== requestHost(c, trustProxy).replace(DEFAULT_PORT, '')
    if (crossSite || foreignOrigin) {
      return errorResponse(c, new ApiFailure(403, 'forbidden', "Requests from other sites are refused: this dashboard's API answers only its own pages."))
    }
    await next()
  }
}
