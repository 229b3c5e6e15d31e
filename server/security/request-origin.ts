/** Who is asking and from where: client address (for rate limits), scheme and host of the request as the browser saw them. */
import type { Context } from 'hono'

type Incoming = { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } }

/**
 * The client's address: the socket's peer, or behind a trusted proxy (TRUST_PROXY) X-Real-IP, else the LAST
 * X-Forwarded-For entry (the one the nearest proxy added; earlier ones are whatever the client claimed).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const real = c.req.header('x-real-ip')?.trim()
    if (real) return real
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean)
    if (forwarded?.length) return forwarded[forwarded.length - 1]!
  }
  return (c.env as Incoming | undefined)?.incoming?.socket?.remoteAddress ?? 'local'
}

export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    if (proto) return proto === 'https'
  }
  return new URL(c.req.url).protocol === 'https:'
}

/** host[:port] of this request as addressed by the browser. */
export function requestHost(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined
  return (forwarded || c.req.header('host') || new URL(c.req.url).host).toLowerCase()
}
