/** What a researcher types in the channel lookup box → which /channels request (ids, forHandle, forUsername) and URL. */
import { isChannelId, normaliseHandle, parsePaste, USERNAME_RE } from '#contract/index.ts'

export type ChannelRef =
  { by: 'id'; id: string } | { by: 'handle'; handle: string } | { by: 'username'; username: string }
export type ChannelTarget = ChannelRef | { by: 'ids'; ids: string[] }
export type LookupResult =
  | { ok: true; target: ChannelTarget }
  /** `suggestion`: what the input most likely means, offered for one press rather than opened unasked. */
  | { ok: false; reason: string; suggestion?: ChannelRef }

/** A plain word (no @, not a link) is ambiguous: the platform's current handles, or a legacy username. */
export type BareNameAs = 'handle' | 'username'

/** The service takes at most this many ids in one request. */
export const MAX_COMPARE_IDS = 50

const looksLikeUrl = (s: string): boolean =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(s) || /^(www\.|m\.)?(youtube\.com|youtu\.be)\//i.test(s)

function one(token: string, bareNameAs: BareNameAs): LookupResult {
  if (isChannelId(token)) return { ok: true, target: { by: 'id', id: token } }
  if (looksLikeUrl(token)) {
    const pasted = parsePaste(token)
    if (!pasted.ok) return pasted
    const t = pasted.target
    if (t.kind !== 'channel')
      return {
        ok: false,
        reason: `That is a ${t.kind} link, not a channel link. Paste a channel URL, a UC… id, an @handle or a username.`,
      }
    if (t.by === 'id') return { ok: true, target: { by: 'id', id: t.channelId } }
    if (t.by === 'handle') return { ok: true, target: { by: 'handle', handle: t.handle } }
    return { ok: true, target: { by: 'username', username: t.username } }
  }
  const user = /^user[/:](.+)$/i.exec(token)
  if (user) {
    const name = user[1]!
    return USERNAME_RE.test(name)
      ? { ok: true, target: { by: 'username', username: name } }
      : { ok: false, reason: `"${name}" is not a legacy username (letters, digits, _ . -).` }
  }
  if (token.startsWith('@')) {
    const handle = normaliseHandle(token)
    return handle
      ? { ok: true, target: { by: 'handle', handle } }
      : { ok: false, reason: `"${token}" is not a handle: @ followed by 3–30 letters, digits, _, - or .` }
  }
  // One character off a channel id is a mistyped id, not a handle (UCLA_fans stays a handle).
  if (/^UC[0-9A-Za-z_-]{21,23}$/.test(token)) {
    return {
      ok: false,
      reason: `"${token}" looks like a channel id but is not one: UC followed by exactly 22 letters, digits, _ or -.`,
    }
  }
  if (bareNameAs === 'username') {
    return USERNAME_RE.test(token)
      ? { ok: true, target: { by: 'username', username: token } }
      : { ok: false, reason: `"${token}" is not a legacy username (letters, digits, _ . -).` }
  }
  const handle = normaliseHandle(token)
  if (handle) return { ok: true, target: { by: 'handle', handle } }
  return {
    ok: false,
    reason: `"${token}" is not a handle (3–30 letters, digits, _, - or .). For a legacy username, write user/${token}.`,
  }
}

/** A word that names nothing by its form: no id, link, @handle or user/ prefix. */
const isPlainWord = (token: string): boolean =>
  !isChannelId(token) &&
  !looksLikeUrl(token) &&
  !token.startsWith('@') &&
  !/^user[/:]/i.test(token) &&
  !/^UC[0-9A-Za-z_-]{21,23}$/.test(token)

/** Several plain words ("rick astley") are a channel's name, not a list to compare: offer it as a handle. */
function plainName(input: string): LookupResult {
  const name = input.trim().replace(/\s+/g, ' ')
  const handle = normaliseHandle(name.replace(/\s+/g, '').toLowerCase())
  const base = `"${name}" is a name, not a channel id or handle. The service finds channels by URL, UC… id, @handle or legacy username`
  return handle
    ? {
        ok: false,
        reason: `${base}; the channel may use the handle ${handle}.`,
        suggestion: { by: 'handle', handle },
      }
    : { ok: false, reason: `${base}; paste the channel's URL from its page.` }
}

/**
 * One channel URL, id, handle (with or without @) or username; or several ids (or channel links with ids)
 * separated by commas, spaces or new lines, which open a comparison.
 */
export function parseChannelLookup(input: string, bareNameAs: BareNameAs = 'handle'): LookupResult {
  const tokens = input.split(/[\s,;]+/).filter(Boolean)
  if (tokens.length === 0)
    return { ok: false, reason: 'Type or paste a channel URL, a UC… id, an @handle or a username.' }
  if (tokens.length === 1) return one(tokens[0]!, bareNameAs)
  if (tokens.every(isPlainWord) && !/[,;\n]/.test(input.trim())) return plainName(input)
  const ids: string[] = []
  for (const token of tokens) {
    const r = one(token, bareNameAs)
    if (!r.ok) return { ok: false, reason: `Cannot compare: ${r.reason}` }
    if (r.target.by !== 'id') {
      const what =
        r.target.by === 'handle'
          ? `"${r.target.handle}" is a handle`
          : r.target.by === 'username'
            ? `"${r.target.username}" is a username`
            : 'a list'
      return {
        ok: false,
        reason: `Comparing needs channel ids (UC…); ${what}. Open it on its own to find its id.`,
      }
    }
    if (!ids.includes(r.target.id)) ids.push(r.target.id)
  }
  if (ids.length > MAX_COMPARE_IDS)
    return {
      ok: false,
      reason: `At most ${MAX_COMPARE_IDS} channels can be compared at once (you gave ${ids.length}).`,
    }
  if (ids.length === 1) return { ok: true, target: { by: 'id', id: ids[0]! } }
  return { ok: true, target: { by: 'ids', ids } }
}

/** How a lookup is described to the reader ("the handle @x"). */
export function describeRef(ref: ChannelRef): string {
  if (ref.by === 'id') return `the channel id ${ref.id}`
  if (ref.by === 'handle') return `the handle ${ref.handle}`
  return `the legacy username ${ref.username}`
}
