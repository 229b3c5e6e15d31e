/**
 * Same-origin only. The browser tells where a request comes from (Origin, Sec-Fetch-Site): a request sent by
 * another site is refused with 403 before anything runs. Not only state-changing methods: a paid GET spends
 * money, and any page could fire one at a dashboard on 127.0.0.1 (docs/decisions/0015). Tools without those
 * headers (curl, scripts) are not browsers driven by a stranger's page and pass.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiFailure, errorResponse } from '../errors.ts'
import { isHttps, requestHost } from './request-origin.ts'

/** scheme://host[:port] with the scheme's default port left out, or undefined when it is not an http(s) origin. */
function normalOrigin(origin: string): string | undefined {
  try {
    const u = new URL(origin)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/** `trustedHops`: TRUST_PROXY's count of proxies whose X-Forwarded-Proto/-Host tell the scheme and host the browser used. */
export function sameOriginOnly(trustedHops: number): MiddlewareHandler {
  return async (c, next) => {
    const site = c.req.header('sec-fetch-site')?.toLowerCase()
    const origin = c.req.header('origin')
    const crossSite = site === 'cross-site' || site === 'same-site'
    // The scheme counts too: an https page is another origin than this http server, even on the same host.
    const ours = normalOrigin(
      `${isHttps(c, trustedHops) ? 'https' : 'http'}://${requestHost(c, trustedHops)}`,
    )
    const foreignOrigin = origin !== undefined && (ours === undefined || normalOrigin(origin) !== ours)
    if (crossSite || foreignOrigin) {
      // Same host, other scheme: most likely a TLS proxy this server was not told to trust.
      const hint =
        foreignOrigin &&
        ours !== undefined &&
        normalOrigin(origin)?.replace(/^https?:/, '') === ours.replace(/^https?:/, '')
          ? ' Behind an https proxy, set TRUST_PROXY.'
          : ''
      return errorResponse(
        c,
        new ApiFailure(
          403,
          'forbidden',
          `Requests from other sites are refused: this dashboard's API answers only its own pages.${hint}`,
        ),
      )
    }
    await next()
  }
}
