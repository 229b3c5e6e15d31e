import { useMemo } from 'react'
import type { CommentReply } from '#contract/index.ts'
import type { RepliesViewState } from '../lib/replies-url-state.ts'
import { matchingIds, searchPattern } from '../lib/reply-search.ts'
import { buildReplyTree, filterTree, sortReplies } from '../lib/reply-tree.ts'
import { inferThreads } from '../lib/thread-inference.ts'

/** The loaded replies as the view shows them: threaded, searched, sorted, as a tree or a flat list. */
export function useShownReplies(replies: readonly CommentReply[], state: RepliesViewState) {
  const links = useMemo(() => inferThreads(replies), [replies])
  const byId = useMemo(() => new Map(replies.map((r) => [r.id, r])), [replies])
  const pattern = useMemo(() => searchPattern(state.q), [state.q])
  const matches = useMemo(() => matchingIds(replies, pattern, state.format), [replies, pattern, state.format])
  const matched = useMemo(() => replies.filter((r) => matches.has(r.id)), [replies, matches])
  const tree = useMemo(() => {
    if (state.view !== 'tree') return []
    const full = buildReplyTree(replies, links, state.sort)
    return pattern ? filterTree(full, matches) : full
  }, [state.view, state.sort, replies, links, pattern, matches])
  // Exports hold the replies shown (filtered), in the chosen sort, whichever of tree or list is on screen.
  const exported = useMemo(() => sortReplies(matched, state.sort), [matched, state.sort])
  const flat = state.view === 'flat' ? exported : []
  return { links, byId, pattern, matched, tree, exported, flat }
}
