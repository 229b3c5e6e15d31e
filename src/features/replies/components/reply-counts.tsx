import type { ReplyStats } from '../lib/reply-search.ts'

export type ReplyCountsProps = { total: ReplyStats; shown: ReplyStats; query: string }

/** How many replies, authors and likes are loaded, or match the search. */
export function ReplyCounts({ total, shown, query }: ReplyCountsProps) {
  const n = (x: number) => x.toLocaleString()
  return (
    <p role="status" aria-live="polite" className="text-sm text-slate-700" data-testid="reply-stats">
      {query.trim()
        ? `${n(shown.replies)} of ${n(total.replies)} replies match “${query.trim()}” · ${n(shown.authors)} ${shown.authors === 1 ? 'author' : 'authors'} · ${n(shown.likes)} likes`
        : `${n(total.replies)} replies · ${n(total.authors)} ${total.authors === 1 ? 'author' : 'authors'} · ${n(total.likes)} likes`}
    </p>
  )
}
