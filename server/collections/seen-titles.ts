/**
 * Titles for videos added by id alone, from what the function already holds: the same video's row in another
 * collection, or a search or popular page it bought and cached. Nothing is paid to learn a title.
 */
import { inflateRawSync } from 'node:zlib'
import { num, type Queryable } from '../db/database.ts'

type Seen = {
  title: string
  channel_id: string | null
  channel_title: string | null
  published_at: string | null
}

/** Cached pages read per look, newest first: enough for a session's searches, bounded for a large cache. */
const MAX_PAGES = 500

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)

function itemsOf(body: string): Map<string, Seen> {
  const out = new Map<string, Seen>()
  let page: unknown
  try {
    page = JSON.parse(body)
  } catch {
    return out
  }
  const data = (page as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return out
  for (const item of data as Record<string, unknown>[]) {
    // Search items name the video `videoId`, popular ones `id`.
    const id = text(item?.videoId) ?? text(item?.id)
    const title = text(item?.title)
    if (id && title)
      out.set(id, {
        title,
        channel_id: text(item.channelId),
        channel_title: text(item.channelTitle),
        published_at: text(item.publishedAt),
      })
  }
  return out
}

/** From cached search and popular pages stored after `since` (epoch ms); returns the newest page's time read. */
async function fromCachedPages(
  q: Queryable,
  source: string,
  wanted: ReadonlySet<string>,
  since: number,
  found: Map<string, Seen>,
): Promise<number> {
  const pages = await q.query<{ body: string | null; body_encoding: string; stored_at: unknown }>(
    `SELECT encode(body, 'base64') AS body, body_encoding, stored_at FROM cache_entries
     WHERE source = $1 AND kind = 'answer' AND operation IN ('GET /search', 'GET /popularVideos') AND stored_at > $2
     ORDER BY stored_at DESC LIMIT ${MAX_PAGES}`,
    [source, since],
  )
  for (const page of pages) {
    if (!page.body) continue
    const bytes = Buffer.from(page.body, 'base64')
    let body: string
    try {
      body = (page.body_encoding === 'deflate' ? inflateRawSync(bytes) : bytes).toString('utf8')
    } catch {
      continue
    }
    for (const [id, seen] of itemsOf(body)) if (wanted.has(id) && !found.has(id)) found.set(id, seen)
  }
  return pages.length ? num(pages[0]!.stored_at) : since
}

/**
 * Fills the titles of the collection's untitled videos that were seen somewhere, and returns the newest cached page
 * read (the next look reads only pages stored after it).
 */
export async function fillSeenTitles(
  q: Queryable,
  collection: { id: string; source: string },
  since: number,
): Promise<number> {
  const untitled = await q.query<{ video_id: string }>(
    'SELECT video_id FROM collection_videos WHERE collection_id = $1 AND title IS NULL',
    [collection.id],
  )
  if (!untitled.length) return since
  const wanted = new Set(untitled.map((r) => r.video_id))
  const found = new Map<string, Seen>()
  const elsewhere = await q.query<Seen & { video_id: string }>(
    `SELECT DISTINCT ON (o.video_id) o.video_id, o.title, o.channel_id, o.channel_title, o.published_at
     FROM collection_videos o JOIN collections c ON c.id = o.collection_id
     WHERE o.video_id = ANY($1::text[]) AND o.title IS NOT NULL AND c.source = $2 ORDER BY o.video_id, o.added_at DESC`,
    [[...wanted], collection.source],
  )
  for (const r of elsewhere) found.set(r.video_id, r)
  const newest =
    found.size === wanted.size ? since : await fromCachedPages(q, collection.source, wanted, since, found)
  if (found.size)
    await q.query(
      `UPDATE collection_videos v SET title = r.title,
         channel_id = coalesce(v.channel_id, r.channel_id), channel_title = coalesce(v.channel_title, r.channel_title),
         published_at = coalesce(v.published_at, r.published_at)
       FROM jsonb_to_recordset($2::jsonb) AS r(video_id text, title text, channel_id text, channel_title text, published_at text)
       WHERE v.collection_id = $1 AND v.video_id = r.video_id AND v.title IS NULL`,
      [collection.id, JSON.stringify([...found].map(([video_id, s]) => ({ video_id, ...s })))],
    )
  return newest
}
