import { parentOfCommentId } from '#contract/index.ts'
import type { RepliesViewState } from './lib/replies-url-state.ts'
import { ReplyEntryForm } from './components/reply-entry-form.tsx'
import { ReplyThread } from './components/reply-thread.tsx'

export type RepliesViewProps = {
  /** The path's comment id, as typed; undefined on /replies. */
  commentId: string | undefined
  state: RepliesViewState
  /** Problems with the URL's query (unknown sort…), shown so a mistyped link is noticed. */
  problems: readonly string[]
  onStateChange: (patch: Partial<RepliesViewState>, opts?: { replace?: boolean }) => void
}

function UrlProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null
  return (
    <ul
      role="status"
      className="list-inside list-disc rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  )
}

/** The threaded reply viewer: an entry field, then the replies of one top-level comment. */
export function RepliesView({ commentId, state, problems, onStateChange }: RepliesViewProps) {
  const parsed = commentId ? parentOfCommentId(commentId) : undefined
  if (!commentId || !parsed) {
    return (
      <div className="max-w-3xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">Comment replies</h1>
        <p className="text-slate-700">
          Read the replies to a comment as threads, search them, and export them, pseudonymised if your study
          needs it.
        </p>
        {commentId && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            “{commentId.slice(0, 80)}” is not a comment id (20–40 letters, digits, _ or -) or a reply id
            (comment id, a dot, then the reply’s own id).
          </p>
        )}
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <ReplyEntryForm state={state} />
        </div>
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">
          Replies to comment <code className="break-all text-lg">{parsed.parentId}</code>
        </h1>
        <details className="w-full max-w-xl rounded border border-slate-200 bg-white p-2 text-sm sm:w-auto">
          <summary className="cursor-pointer font-medium text-sky-800">Open another comment</summary>
          <div className="mt-2">
            <ReplyEntryForm state={state} />
          </div>
        </details>
      </div>
      <UrlProblems problems={problems} />
      <ReplyThread
        key={parsed.parentId}
        parentCommentId={parsed.parentId}
        state={state}
        onStateChange={onStateChange}
      />
    </div>
  )
}
