import { Navigate, useParams } from 'react-router'
import { parentOfCommentId } from '#contract/index.ts'
import { RepliesView } from '#features/replies/replies-view.tsx'
import { useRepliesUrlState } from '#features/replies/hooks/use-replies-url-state.ts'
import { repliesPath } from '#lib/paths/replies.ts'

export function Component() {
  const { commentId } = useParams()
  const { state, problems, setState } = useRepliesUrlState()
  const target = commentId ? parentOfCommentId(commentId) : undefined
  // A reply id in the path: open its comment with the reply highlighted.
  if (target?.replyId)
    return <Navigate replace to={repliesPath(target.parentId, { ...state, reply: target.replyId })} />
  return <RepliesView commentId={commentId} state={state} problems={problems} onStateChange={setState} />
}
