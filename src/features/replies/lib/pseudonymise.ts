/**
 * Pseudonymised exports for ethics-reviewed studies (docs/decisions/0063, 0132-one-pseudonym-salt-per-browser.md):
 * author names, channel ids, reply ids and the comment id → `author-…`, `channel-…`, `reply-…`, `comment-…` from
 * SHA-256(salt + value); avatars and channel URLs dropped; `@mentions` of known authors and every replaced id
 * inside both texts replaced by their pseudonym.
 */
import { MentionMatcher, handleFromChannelUrl } from './mentions.ts'
import type { ReplyExportRow } from './reply-export.ts'

const MIN_HASH_HEX = 8

/** A fresh random salt (128 bits, hex): used when the researcher does not enter one. */
export function randomSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

async function sha256Hex(text: string): Promise<string> {
  if (!globalThis.crypto?.subtle)
    throw new Error(
      'Pseudonymising needs the browser’s Web Crypto, which is only available over https (or on localhost).',
    )
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * `value → prefix-<hex>` for every value, with SHA-256(salt + value) shortened to 8 hex digits, or longer
 * when two different values of this export would otherwise collide.
 */
export async function pseudonymsFor(
  values: Iterable<string>,
  salt: string,
  prefix: string,
): Promise<Map<string, string>> {
  const distinct = [...new Set(values)]
  const hashes = await Promise.all(distinct.map((v) => sha256Hex(salt + v)))
  for (let len = MIN_HASH_HEX; len <= 64; len += 4) {
    const short = hashes.map((h) => h.slice(0, len))
    if (new Set(short).size === short.length)
      return new Map(distinct.map((v, i) => [v, `${prefix}-${short[i]}`]))
  }
  throw new Error('Two different authors have the same SHA-256 hash.') // unreachable in practice
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
/** How the platform escapes a name inside textDisplay. */
function escapeLikeTextDisplay(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
}

function replaceMentions(text: string, matcher: MentionMatcher<string>): string {
  let out = ''
  let at = 0
  for (const m of matcher.find(text)) {
    out += `${text.slice(at, m.start)}@${m.value}`
    at = m.end
  }
  return out + text.slice(at)
}

function replaceAll(text: string, replacements: ReadonlyMap<string, string>): string {
  let out = text
  for (const [from, to] of replacements) if (from) out = out.split(from).join(to)
  return out
}

export type PseudonymisedExport = {
  rows: ReplyExportRow[]
  authors: number
  /** Real id → pseudonym, for the file name and provenance (the comment's id appears there too). */
  ids: ReadonlyMap<string, string>
}

/** The same salt gives the same pseudonyms, so the CSV and the JSON of one thread agree; every row of one export shares one salt. */
export async function pseudonymiseRows(
  rows: readonly ReplyExportRow[],
  salt: string,
): Promise<PseudonymisedExport> {
  const names = await pseudonymsFor(
    rows.map((r) => r.author),
    salt,
    'author',
  )
  const channels = await pseudonymsFor(
    rows.flatMap((r) => (r.authorChannelId ? [r.authorChannelId] : [])),
    salt,
    'channel',
  )
  const replyIds = await pseudonymsFor(
    rows.flatMap((r) => (r.replyToId ? [r.id, r.replyToId] : [r.id])),
    salt,
    'reply',
  )
  const commentIds = await pseudonymsFor(
    rows.map((r) => r.parentId),
    salt,
    'comment',
  )
  const plain = new MentionMatcher<string>()
  const escaped = new MentionMatcher<string>()
  for (const r of rows) {
    const pseudonym = names.get(r.author)!
    const handle = handleFromChannelUrl(r.authorChannelUrl ?? undefined)
    for (const name of handle ? [r.author, handle] : [r.author]) {
      plain.add(name, pseudonym)
      escaped.add(escapeLikeTextDisplay(name), pseudonym)
    }
  }
  const ids = new Map([...replyIds, ...commentIds])
  // Reply ids are `<comment id>.<suffix>`: longest first, so a shorter id never cuts a longer one in two.
  const scrubbing = new Map([...ids, ...channels].sort(([a], [b]) => b.length - a.length))
  // Channel ids also appear inside mention links of textDisplay (`/channel/UC…`), comment ids in `lc=` links.
  const scrub = (text: string) => replaceAll(text, scrubbing)
  const pseudoRows = rows.map((r): ReplyExportRow => ({
    id: replyIds.get(r.id)!,
    parentId: commentIds.get(r.parentId)!,
    replyToId: r.replyToId ? replyIds.get(r.replyToId)! : null,
    depth: r.depth,
    author: names.get(r.author)!,
    authorChannelId: r.authorChannelId ? channels.get(r.authorChannelId)! : null,
    publishedAt: r.publishedAt,
    updatedAt: r.updatedAt,
    likeCount: r.likeCount,
    textOriginal: scrub(replaceMentions(r.textOriginal, plain)),
    textDisplay: scrub(replaceMentions(r.textDisplay, escaped)),
  }))
  return { rows: pseudoRows, authors: names.size, ids }
}

/** Eight hex digits that tell whether two files used one salt, without giving the salt away. */
export async function saltFingerprint(salt: string): Promise<string> {
  return (await sha256Hex(`poix-salt-fingerprint:${salt}`)).slice(0, 8)
}
