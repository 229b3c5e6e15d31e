/** Who is asking and from where: client address (for rate limits), scheme and host of the request as the browser saw them. */
import type { Context } from 'hono'

type Incoming = { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } }

/**
 * The entry of a comma-separated X-Forwarded-* header written by the outermost of `trustedHops` proxies: each
 * proxy appends to the right, so that one is `trustedHops` from the right; everything left of it is what the
 * client claimed. A shorter list was written by trusted proxies alone: its left-most entry.
 */
function trustedEntry(value: string | undefined, trustedHops: number): string | undefined {
  const entries =
    value
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? []
  if (trustedHops < 1 || entries.length === 0) return undefined
  return entries[Math.max(0, entries.length - trustedHops)]
}

/**
 * The client's address: the socket's peer; behind `trustedHops` proxies (TRUST_PROXY=N) the X-Forwarded-For
 * entry the outermost trusted proxy appended. X-Real-IP is never read: a client can write it.
 */
export function clientAddress(c: Context, trustedHops: number): string {
  return (
    trustedEntry(c.req.header('x-forwarded-for'), trustedHops) ??
    (c.env as Incoming | undefined)?.incoming?.socket?.remoteAddress ??
    'local'
  )
}

export function isHttps(c: Context, trustedHops: number): boolean {
  const proto = trustedEntry(c.req.header('x-forwarded-proto'), trustedHops)?.toLowerCase()
  return proto ? proto === 'https' : new URL(c.req.url).protocol === 'https:'
}

/** host[:port] of this request as addressed by the browser. */
export function requestHost(c: Context, trustedHops: number): string {
  return (
    trustedEntry(c.req.header('x-forwarded-host'), trustedHops) ||
    c.req.header('host') ||
    new URL(c.req.url).host
  ).toLowerCase()
}
