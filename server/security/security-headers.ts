/**
 * Security headers on every response, API and static files alike: a strict Content-Security-Policy that still
 * lets the map tiles, thumbnails and the embedded player load; no sniffing; no framing; origin-only referrers
 * (the embedded player refuses to play without a referrer, so not no-referrer). docs/decisions/0014.
 */
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { Config } from '../config.ts'
import { isHttps } from './request-origin.ts'

const PLAYER_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com']
const IMAGE_HOSTS = [
  'https://i.ytimg.com',
  'https://yt3.ggpht.com',
  'https://yt3.googleusercontent.com',
  'https://*.tile.openstreetmap.org',
]

/**
 * The CSP source of a Leaflet tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`.
 * Undefined when a placeholder sits where CSP cannot put a wildcard (the map then works without those tiles).
 */
export function tileSource(template: string | undefined): string | undefined {
  const m = template ? /^(https?):\/\/([^/?#]+)/i.exec(template.trim()) : null
  if (!m) return undefined
  const labels = m[2]!.toLowerCase().split('.')
  if (labels[0]?.includes('{')) labels[0] = '*'
  const host = labels.join('.')
  return /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(host)
    ? `${m[1]!.toLowerCase()}://${host}`
    : undefined
}

function playerSource(origin: string | undefined): string | undefined {
  if (!origin) return undefined
  try {
    const u = new URL(origin)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

const unique = (list: (string | undefined)[]) => [...new Set(list.filter((s): s is string => Boolean(s)))]

function cspDirectives(config: Pick<Config, 'tileUrl' | 'playerOrigin'>) {
  const players = unique([...PLAYER_HOSTS, playerSource(config.playerOrigin)])
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...players],
    imgSrc: unique(["'self'", 'data:', 'blob:', ...IMAGE_HOSTS, tileSource(config.tileUrl)]),
    frameSrc: players,
    connectSrc: ["'self'"],
    // Leaflet positions tiles and markers with inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  }
}

export function securityHeaders(
  config: Pick<Config, 'tileUrl' | 'playerOrigin' | 'trustProxyHops'>,
): MiddlewareHandler {
  const base = secureHeaders({
    contentSecurityPolicy: cspDirectives(config),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // HSTS only over https (below): on http://127.0.0.1 it means nothing, and it must not pin a dev host.
    strictTransportSecurity: false,
    permissionsPolicy: { camera: [], microphone: [], payment: [], usb: [] },
  })
  return async (c, next) => {
    await base(c, next)
    if (isHttps(c, config.trustProxyHops))
      c.res.headers.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains')
    // Same-origin only: whatever a handler did, no CORS grant leaves this server.
    for (const name of ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials'])
      c.res.headers.delete(name)
  }
}
