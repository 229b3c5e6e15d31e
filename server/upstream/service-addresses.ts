/**
 * The service's own addresses never reach the browser (docs/decisions/0127-no-service-addresses.md): in a JSON
 * answer, a URL on the configured base URL becomes the function's /api route for the same resource, or is dropped
 * where the function has none (`/files/video/…`, `/files/audio/…`). The platform's addresses (thumbnails, the
 * signed `url` of caption files, channel URLs) are not on the base URL and stay.
 */

/** Service paths the function mirrors under /api with the same parameters (server/app.ts). */
const ROUTED_PATHS = [
  /^\/captions\/[^/]+$/,
  /^\/files\/captions\/[^/]+$/,
  /^\/(search|popularVideos|commentReplies|channels)$/,
]

const DROP = Symbol('drop')

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export type ServiceAddresses = {
  /** The JSON body with every service address mapped or dropped; the very same string when it held none. */
  inJson(body: string): string
  /** Free text (an error message) with every service address mapped or cut out. */
  inText(text: string): string
}

export function serviceAddresses(baseUrl: string): ServiceAddresses {
  const base = baseUrl.replace(/\/+$/, '')
  const prefixPath = new URL(base).pathname.replace(/\/+$/, '')
  // The base URL at a segment's end, then the rest of the address (no spaces, quotes, brackets, or a sentence's last dot).
  const addressRe = new RegExp(
    `${escapeRe(base)}(?=[/?#]|$|[^\\w.~%:-])(?:[^\\s"'<>;,()[\\]]*[^\\s"'<>;,()[\\].])?`,
    'gi',
  )
  const hostRe = new RegExp(escapeRe(new URL(base).host), 'i')

  /** The /api address of one service URL, or undefined where the function has no route for it. */
  function routed(address: string): string | undefined {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      return undefined
    }
    const path = url.pathname.slice(prefixPath.length)
    return ROUTED_PATHS.some((re) => re.test(path)) ? `/api${path}${url.search}` : undefined
  }

  function rewriteString(s: string): string | typeof DROP {
    let dropped = false
    const out = s.replace(addressRe, (address) => {
      const mapped = routed(address)
      if (mapped === undefined) dropped = true
      return mapped ?? ''
    })
    return dropped && out.trim() === '' ? DROP : out
  }

  function walk(v: unknown): unknown {
    if (typeof v === 'string') return rewriteString(v)
    if (Array.isArray(v)) return v.map(walk).filter((x) => x !== DROP)
    if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>
      for (const [k, x] of Object.entries(o)) {
        const w = walk(x)
        if (w === DROP) delete o[k]
        else o[k] = w
      }
    }
    return v
  }

  return {
    inJson(body) {
      // Most answers hold no service address: a scan of the raw text (escaped slashes included) spares the parse.
      if (!hostRe.test(body)) return body
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        return body // the contract check refuses it; nothing is sent or cached
      }
      const out = walk(parsed)
      return JSON.stringify(out === DROP ? null : out)
    },
    inText(text) {
      return text.replace(addressRe, (address) => routed(address) ?? 'the data service')
    },
  }
}
