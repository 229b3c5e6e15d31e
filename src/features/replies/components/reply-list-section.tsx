import type { CommentReply } from '#contract/index.ts'
import { AfterFirstPaint } from '#components/after-first-paint.tsx'
import type { RepliesViewState } from '../lib/replies-url-state.ts'
import type { ReplyNode } from '../lib/reply-tree.ts'
import type { ThreadLink } from '../lib/thread-inference.ts'
import { ReplyFlatList } from './reply-flat-list.tsx'
import { ReplyTreeList } from './reply-tree-list.tsx'

export type ReplyListSectionProps = {
  state: RepliesViewState
  loaded: number
  matched: number
  tree: readonly ReplyNode[]
  flat: readonly CommentReply[]
  links: ReadonlyMap<string, ThreadLink>
  byId: ReadonlyMap<string, CommentReply>
  pattern: RegExp | undefined
  highlightedId: string | undefined
  permalinkOf: (replyId: string) => string
  collapsed: ReadonlySet<string>
  onToggle: (replyId: string) => void
}

/** The replies shown, as a tree or a flat list, or why none is shown. */
export function ReplyListSection({
  state,
  loaded,
  matched,
  tree,
  flat,
  links,
  byId,
  pattern,
  highlightedId,
  permalinkOf,
  collapsed,
  onToggle,
}: ReplyListSectionProps) {
  return (
    <section aria-labelledby="reply-list-heading" data-testid="reply-list">
      {/* Each reply's author is an h3: the list's h2 keeps the outline h1 → h2 → h3. */}
      <h2 id="reply-list-heading" className="sr-only">
        Reply list
      </h2>
      {/* The cards are most of the view's rendering: their first render does not block the main thread. */}
      <AfterFirstPaint version={`${loaded}|${state.view}|${state.sort}|${state.format}|${state.q}`}>
        {matched === 0 ? (
          <p className="text-slate-700">No loaded reply matches “{state.q.trim()}”.</p>
        ) : state.view === 'tree' ? (
          <ReplyTreeList
            nodes={tree}
            format={state.format}
            pattern={pattern}
            highlightedId={highlightedId}
            permalinkOf={permalinkOf}
            collapsed={collapsed}
            onToggle={onToggle}
          />
        ) : (
          <ReplyFlatList
            replies={flat}
            links={links}
            byId={byId}
            format={state.format}
            pattern={pattern}
            highlightedId={highlightedId}
            permalinkOf={permalinkOf}
          />
        )}
      </AfterFirstPaint>
    </section>
  )
}
