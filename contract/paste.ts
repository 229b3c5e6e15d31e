/** Turns whatever a researcher pastes (URL, id, handle, permalink) into what it points at. */
import { CHANNEL_ID_RE, VIDEO_ID_RE, normaliseHandle, parentOfCommentId, USERNAME_RE } from './identifiers.ts'

export type PasteTarget =
  | { kind: 'video'; videoId: string; t?: number }
  | { kind: 'channel'; by: 'id'; channelId: string }
  | { kind: 'channel'; by: 'handle'; handle: string }
  | { kind: 'channel'; by: 'username'; username: string }
  | { kind: 'comment'; parentId: string; replyId?: string; videoId?: string }
  | { kind: 'location'; lat: number; lng: number }

export type PasteResult = { ok: true; target: PasteTarget } | { ok: false; reason: string }

const PLATFORM_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i

/** `143`, `2m23s`, `1h2m3s` → seconds. */
export function parseTimeParam(v: string | null | undefined): number | undefined {
  if (!v) return undefined
  if (/^\d+(\.\d+)?s?$/.test(v)) return Math.floor(parseFloat(v))
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(v)
  if (!m || !(m[1] || m[2] || m[3])) return undefined
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)
}

function toUrl(input: string): URL | undefined {
  const s = input.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s)
    ? s
    : /^(www\.|m\.|music\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)\//i.test(s)
      ? `https://${s}`
      : undefined
  if (!withScheme) return undefined
  try {
    return new URL(withScheme)
  } catch {
    return undefined
  }
}

/** A malformed %-escape stays as typed rather than throwing. */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

function fromPlatformUrl(url: URL): PasteResult {
  const host = url.hostname.toLowerCase()
  const parts = url.pathname.split('/').filter(Boolean).map(safeDecode)
  const t = parseTimeParam(url.searchParams.get('t') ?? url.searchParams.get('start'))
  const withT = (videoId: string): PasteResult =>
    t === undefined
      ? { ok: true, target: { kind: 'video', videoId } }
      : { ok: true, target: { kind: 'video', videoId, t } }
  const lc = url.searchParams.get('lc')
  if (lc) {
    const c = parentOfCommentId(lc)
    if (!c) return { ok: false, reason: `The link's comment id "${lc}" is not a comment id.` }
    const v = url.searchParams.get('v') ?? undefined
    return {
      ok: true,
      target: { kind: 'comment', ...c, ...(v && VIDEO_ID_RE.test(v) ? { videoId: v } : {}) },
    }
  }
  if (host.endsWith('youtu.be')) {
    const id = parts[0] ?? ''
    return VIDEO_ID_RE.test(id)
      ? withT(id)
      : { ok: false, reason: `"${id}" in the short link is not an 11-character video id.` }
  }
  const v = url.searchParams.get('v')
  if (parts[0] === 'watch' || v) {
    return v && VIDEO_ID_RE.test(v)
      ? withT(v)
      : { ok: false, reason: 'The watch link has no valid video id in its v= parameter.' }
  }
  if (['shorts', 'embed', 'live', 'v', 'e'].includes(parts[0] ?? '')) {
    const id = parts[1] ?? ''
    return VIDEO_ID_RE.test(id)
      ? withT(id)
      : { ok: false, reason: `"${id}" in the link is not an 11-character video id.` }
  }
  if (parts[0] === 'channel') {
    const id = parts[1] ?? ''
    return CHANNEL_ID_RE.test(id)
      ? { ok: true, target: { kind: 'channel', by: 'id', channelId: id } }
      : { ok: false, reason: `"${id}" is not a channel id (UC followed by 22 characters).` }
  }
  if (parts[0]?.startsWith('@')) {
    const h = normaliseHandle(parts[0])
    return h
      ? { ok: true, target: { kind: 'channel', by: 'handle', handle: h } }
      : { ok: false, reason: `"${parts[0]}" is not a valid handle.` }
  }
  if ((parts[0] === 'user' || parts[0] === 'c') && parts[1] && USERNAME_RE.test(parts[1])) {
    return { ok: true, target: { kind: 'channel', by: 'username', username: parts[1] } }
  }
  return { ok: false, reason: `The link to ${host}${url.pathname} is not a video, channel or comment link.` }
}

const COORD_RE = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[, ]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/

/** "48.8566, 2.3522" or a map link with `@lat,lng` / `?q=lat,lng` / `#map=z/lat/lng`. */
export function parseCoordinates(input: string): { lat: number; lng: number } | undefined {
  const s = input.trim()
  const candidates = [
    COORD_RE.exec(s),
    /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(s),
    /[?&](?:q|query|ll|center|mlat)=(-?\d+(?:\.\d+)?)(?:,|%2C|&mlon=)(-?\d+(?:\.\d+)?)/i.exec(s),
    /#map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(s),
  ]
  for (const m of candidates) {
    if (!m) continue
    const lat = Number(m[1])
    const lng = Number(m[2])
    if (Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180)
      return { lat, lng }
  }
  return undefined
}

export function parsePaste(input: string): PasteResult {
  const s = input.trim()
  if (!s) return { ok: false, reason: 'Paste a video, channel or comment link, or an id.' }
  if (s.length > 2048) return { ok: false, reason: 'That is too long to be a link or an id.' }
  const url = toUrl(s)
  if (url) {
    if (PLATFORM_HOSTS.test(url.hostname)) return fromPlatformUrl(url)
    const coords = parseCoordinates(s)
    if (coords) return { ok: true, target: { kind: 'location', ...coords } }
    return {
      ok: false,
      reason: `Links to ${url.hostname} are not understood; paste a video, channel or comment link.`,
    }
  }
  if (VIDEO_ID_RE.test(s)) return { ok: true, target: { kind: 'video', videoId: s } }
  if (CHANNEL_ID_RE.test(s)) return { ok: true, target: { kind: 'channel', by: 'id', channelId: s } }
  const comment = parentOfCommentId(s)
  if (comment) return { ok: true, target: { kind: 'comment', ...comment } }
  if (s.startsWith('@')) {
    const h = normaliseHandle(s)
    return h
      ? { ok: true, target: { kind: 'channel', by: 'handle', handle: h } }
      : { ok: false, reason: `"${s}" is not a valid handle (3–30 letters, digits, _ - .).` }
  }
  const coords = parseCoordinates(s)
  if (coords) return { ok: true, target: { kind: 'location', ...coords } }
  return {
    ok: false,
    reason: `Could not tell what "${s.slice(0, 80)}" is. Paste a video link or 11-character id, a channel link, UC… id or @handle, or a comment link (with lc=).`,
  }
}
