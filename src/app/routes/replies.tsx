import { Navigate, useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { parentOfCommentId } from '#contract/index.ts'
import { replyQueries } from '#features/replies/api/queries.ts'
import { RepliesView } from '#features/replies/replies-view.tsx'
import { useRepliesUrlState } from '#features/replies/hooks/use-replies-url-state.ts'
import { pageTitle } from '#lib/page-title.ts'
import { repliesPath } from '#lib/urls/replies.ts'
import { OpeningPriceGate } from '../opening-price-gate.tsx'

export function Component() {
  const { commentId } = useParams()
  const queryClient = useQueryClient()
  const { state, problems, setState } = useRepliesUrlState()
  const target = commentId ? parentOfCommentId(commentId) : undefined
  // A reply id in the path: open its comment with the reply highlighted.
  if (target?.replyId)
    return <Navigate replace to={repliesPath(target.parentId, { ...state, reply: target.replyId })} />
  const view = (
    <RepliesView commentId={commentId} state={state} problems={problems} onStateChange={setState} />
  )
  if (!target)
    return (
      <>
        <title>{pageTitle('Replies')}</title>
        {view}
      </>
    )
  return (
    <>
      <title>{pageTitle('Replies', target.parentId)}</title>
      <OpeningPriceGate
        key={target.parentId}
        opening={{ kind: 'replies', commentId: target.parentId }}
        label="Open the replies"
        pays="the first page of this comment’s replies"
        alreadyLoaded={queryClient.getQueryData(replyQueries.thread(target.parentId).queryKey) !== undefined}
      >
        {view}
      </OpeningPriceGate>
    </>
  )
}
