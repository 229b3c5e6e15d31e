/** A few words for what an /api request bought, for the spend meter's line per payment ("captions of dQw4w9WgXcQ (srt, en)"). */
import { formatUsd } from '#contract/prices.ts'
import type { Receipt } from './paid-fetch.ts'

export function describeRequest(url: string): string {
  const u = new URL(url, 'http://dashboard.invalid')
  const q = u.searchParams
  const caption = /^\/api\/captions\/([^/]+)$/.exec(u.pathname)
  if (caption) {
    const details = [
      q.get('format') ?? 'json',
      q.get('lang'),
      q.get('mode') !== 'default' ? q.get('mode') : null,
    ]
    return `captions of ${decodeURIComponent(caption[1]!)} (${details.filter(Boolean).join(', ')})`
  }
  const files = /^\/api\/files\/captions\/([^/]+)$/.exec(u.pathname)
  if (files) return `caption file list of ${decodeURIComponent(files[1]!)}`
  switch (u.pathname) {
    case '/api/search':
      return `location search at ${q.get('location') ?? '?'}, ${q.get('locationRadius') ?? '?'}`
    case '/api/popularVideos':
      return q.get('pageToken') ? 'a further page of popular videos' : 'popular videos'
    case '/api/channels': {
      const ids = q.get('ids')?.split(',') ?? []
      if (ids.length > 1) return `${ids.length} channels`
      return `channel ${ids[0] ?? q.get('forHandle') ?? q.get('forUsername') ?? ''}`.trim()
    }
    case '/api/commentReplies':
      return `${q.get('pageToken') ? 'more ' : ''}replies to ${q.get('parentCommentId') ?? 'a comment'}`
    default:
      return u.pathname.replace(/^\/api\//, '')
  }
}

/** One payment as a sentence: "Paid $0.00053 for captions of … " or "Cached, free: …". */
export function describePayment(receipt: Receipt): string {
  const what = describeRequest(receipt.url)
  if (receipt.costUsd > 0) return `Paid ${formatUsd(receipt.costUsd)} for ${what}`
  return receipt.cache === 'HIT' ? `Cached, free: ${what}` : `Not charged: ${what}`
}
